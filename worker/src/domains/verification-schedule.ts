import type { TxtAnswer } from './txt-lookup';

/**
 * Delay before each re-check after a failed one: quick at first (people add the record while
 * the page is open), then backing off; after the last, about 3 days in, the domain is `failed`
 * and the user re-checks by hand.
 */
export const RECHECK_DELAYS_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  30 * 60_000,
  3_600_000,
  2 * 3_600_000,
  4 * 3_600_000,
  8 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
  24 * 3_600_000,
] as const;

/** The delay before check number `attempt + 1`, or null when `attempt` was the last. */
export function nextCheckDelay(attempt: number): number | null {
  return RECHECK_DELAYS_MS[attempt - 1] ?? null;
}

export type VerificationOutcome = 'verified' | 'record_missing' | 'record_mismatch' | 'dns_error';

/** The outcome of one check: the expected token must be one of the TXT values, exactly (spaces trimmed). */
export function judgeTxt(
  answer: TxtAnswer,
  expected: string,
): { outcome: VerificationOutcome; detail: string | null } {
  switch (answer.kind) {
    case 'none':
      return { outcome: 'record_missing', detail: null };
    case 'error':
      return { outcome: 'dns_error', detail: answer.code };
    case 'records':
      return answer.values.some((value) => value.trim() === expected)
        ? { outcome: 'verified', detail: null }
        : {
            outcome: 'record_mismatch',
            detail: `found ${answer.values.length} TXT record(s), none matching`,
          };
  }
}
