import { AsyncLocalStorage } from 'node:async_hooks';
import { Agent } from 'node:https';
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import * as acme from 'acme-client';
import { z } from 'zod';

/**
 * acme-client talks HTTP through one process-wide axios instance. It would retry a 429 in
 * process, sleeping for whatever Retry-After says (hours, for a rate limit); here it retries
 * nothing, and the CA's problem document of a failed request is kept for the job, which schedules
 * its own retry (shared/src/domains/issuance-retry.ts) and never blocks a worker slot.
 */
export type AcmeProblem = {
  status: number;
  /** RFC 8555 problem type, e.g. `urn:ietf:params:acme:error:rateLimited`. */
  type: string | null;
  detail: string | null;
  retryAfterMs: number | null;
};

const problemBody = z.object({ type: z.string().optional(), detail: z.string().optional() }).loose();
const slot = new AsyncLocalStorage<{ problem: AcmeProblem | null }>();
let configured = false;

function retryAfterMs(header: unknown, now: number): number | null {
  if (typeof header !== 'string' || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Once per process: no in-process retries, problem capture, and an extra CA for the directory's TLS when given. */
export function configureAcmeHttp(options: { caFile?: string | undefined }): void {
  if (configured) return;
  configured = true;
  // acme-client's own settings object on the axios defaults (not in axios' types).
  const settings: unknown = Reflect.get(acme.axios.defaults, 'acmeSettings');
  if (typeof settings === 'object' && settings !== null) Reflect.set(settings, 'retryMaxAttempts', 0);
  if (options.caFile !== undefined) {
    acme.axios.defaults.httpsAgent = new Agent({
      ca: [...rootCertificates, readFileSync(options.caFile, 'utf8')],
      keepAlive: true,
    });
  }
  acme.axios.interceptors.response.use((response) => {
    const store = slot.getStore();
    if (store && response.status >= 400) {
      const body = problemBody.safeParse(response.data);
      store.problem = {
        status: response.status,
        type: body.success ? (body.data.type ?? null) : null,
        detail: body.success ? (body.data.detail ?? null) : null,
        retryAfterMs: retryAfterMs(response.headers['retry-after'], Date.now()),
      };
    }
    return response;
  });
}

export type AcmeOutcome<T> =
  { ok: true; value: T } | { ok: false; error: Error; problem: AcmeProblem | null };

/** Runs ACME calls, answering the last problem document the CA sent when they fail. */
export async function withAcmeProblems<T>(run: () => Promise<T>): Promise<AcmeOutcome<T>> {
  const store: { problem: AcmeProblem | null } = { problem: null };
  return slot.run(store, async () => {
    try {
      return { ok: true, value: await run() };
    } catch (error) {
      return {
        ok: false,
        error: error instanceof Error ? error : new Error(String(error)),
        problem: store.problem,
      };
    }
  });
}

export function isRateLimited(problem: AcmeProblem | null): boolean {
  return (
    problem !== null && (problem.status === 429 || problem.type === 'urn:ietf:params:acme:error:rateLimited')
  );
}
