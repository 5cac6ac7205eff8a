/**
 * When to try a failed certificate order again. Ordinary failures (the edge unreachable, DNS not
 * pointing here yet) back off from a minute to a day; a rate-limited one waits at least what the
 * CA's Retry-After says, and never less than an hour (Let's Encrypt limits are per hour and week).
 */
export const ISSUANCE_RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  3_600_000,
  3 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
] as const;

/** After this many failures in a row the domain shows `failed`; the daily upkeep keeps trying. */
export const ISSUANCE_ATTEMPTS_BEFORE_FAILED = ISSUANCE_RETRY_DELAYS_MS.length;

const RATE_LIMIT_FLOOR_MS = 3_600_000;
const LONGEST_MS = 24 * 3_600_000;

export type IssuanceFailure = { rateLimited: boolean; retryAfterMs: number | null };

/** The delay before attempt `attempt + 1` after attempt `attempt` (1-based) failed this way. */
export function issuanceRetryDelay(attempt: number, failure: IssuanceFailure): number {
  const backoff = ISSUANCE_RETRY_DELAYS_MS[Math.max(0, attempt - 1)] ?? LONGEST_MS;
  if (!failure.rateLimited) return backoff;
  return Math.max(backoff, RATE_LIMIT_FLOOR_MS, failure.retryAfterMs ?? 0);
}
