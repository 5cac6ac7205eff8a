/** How long a health check waits for one dependency before calling it unreachable. */
export const HEALTH_CHECK_TIMEOUT_MS = 1_500;

export type ProbeResult = 'ok' | 'unreachable';

/** One dependency check of a `/healthz`: 'ok' when `check` resolves within the timeout, else 'unreachable'. */
export async function probe(
  check: () => Promise<unknown>,
  timeoutMs: number = HEALTH_CHECK_TIMEOUT_MS,
): Promise<ProbeResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ProbeResult>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), timeoutMs);
  });
  try {
    return await Promise.race([
      check().then(
        (): ProbeResult => 'ok',
        (): ProbeResult => 'unreachable',
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
