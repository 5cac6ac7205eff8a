import { retryAfterSeconds } from './errors';

export type RetryPolicy = {
  /** Attempts after the first; 0 turns retries off. */
  maxRetries: number;
  /** A `Retry-After` longer than this is not waited for: the error is returned at once. */
  maxDelaySeconds: number;
  sleep: (milliseconds: number) => Promise<void>;
};

/** Answers that say "try again": rate limited, or a gateway/instance that could not serve it now. */
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * A request may be sent again when the method is idempotent or it carries an `Idempotency-Key` (the API
 * replays the first answer for a repeated key, so a POST retried after a lost answer is not made twice).
 * A 429 was refused before anything ran, so it is always safe.
 */
function mayResend(request: Request, status: number | null): boolean {
  if (status === 429) return true;
  return IDEMPOTENT_METHODS.has(request.method) || request.headers.has('Idempotency-Key');
}

/** Exponential backoff with full jitter, from half a second, when the server names no delay. */
const backoffMilliseconds = (attempt: number): number => Math.round(Math.random() * 500 * 2 ** attempt);

/** `fetch` that retries what the policy allows, waiting `Retry-After` when the server gives one. */
export function retryingFetch(
  send: (request: Request) => Promise<Response>,
  policy: RetryPolicy,
): (request: Request) => Promise<Response> {
  return async (request) => {
    for (let attempt = 0; ; attempt += 1) {
      const lastAttempt = attempt >= policy.maxRetries;
      let response: Response;
      try {
        response = await send(request.clone());
      } catch (error) {
        if (lastAttempt || !mayResend(request, null)) throw error;
        await policy.sleep(backoffMilliseconds(attempt));
        continue;
      }
      if (lastAttempt || !RETRYABLE_STATUSES.has(response.status) || !mayResend(request, response.status))
        return response;
      const asked = retryAfterSeconds(response.headers.get('retry-after'));
      if (asked !== null && asked > policy.maxDelaySeconds) return response;
      await response.body?.cancel();
      await policy.sleep(asked === null ? backoffMilliseconds(attempt) : asked * 1000);
    }
  };
}
