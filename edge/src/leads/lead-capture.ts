import type { RedisClient } from '@linkhub/shared/server/redis/client';
import type { SaltSource } from '@linkhub/shared/server/analytics/salt';
import { ipHash } from '@linkhub/shared/server/analytics/visitor-hash';
import { throttleKey } from '@linkhub/shared/analytics/throttle-key';
import type { BlockOf, PageSnapshot } from '@linkhub/shared/blocks/snapshot';
import type { JobProducer } from '@linkhub/shared/server/jobs/producer';
import { QUEUES } from '@linkhub/shared/jobs/queues';
import { consentTextOf, type SubscribeOutcome } from '@linkhub/shared/leads/consent';
import { leadCaptureJobId } from '@linkhub/shared/server/leads/tokens';

/**
 * A sign-up from a bio page, as the edge takes it. The edge never writes PostgreSQL: it checks two
 * limits in Redis and enqueues one `lead-capture` job for the worker, which stores the lead. The
 * limits (D-485): per network — the address, or for IPv6 its /64 (throttleKey), keyed by a
 * daily-salted hash, never the address — and per page, so many networks together cannot flood one
 * page's list (or, through it, many mailboxes).
 */
export type LeadSubmission = {
  page: PageSnapshot;
  block: BlockOf<'email_capture'>;
  email: string;
  /** The client address: hashed for the rate limit, never stored or logged. */
  ip: string;
  /** The edge request's id, carried on the job so the worker's log line names it. */
  requestId?: string;
  /** The A/B test click id the sign-up came with: the worker counts it as the test's conversion (D-321). */
  clickId?: string | null;
};

export type SubscribeResult =
  | { kind: 'accepted'; outcome: SubscribeOutcome }
  /** Too many sign-ups from this network just now. */
  | { kind: 'throttled'; retryAfterSeconds: number }
  /** Redis (the queue) is unreachable: nothing was stored, the visitor tries again. */
  | { kind: 'unavailable'; retryAfterSeconds: number };

export type LeadCaptureDeps = {
  redis: RedisClient;
  prefix: string;
  jobs: Pick<JobProducer, 'add'>;
  salts: SaltSource;
  now: () => Date;
  /** Sign-ups per network per window (default 5 per 10 minutes). */
  limit?: { max: number; windowSeconds: number };
  /** Sign-ups per page per window, from everyone together (default 300 per 10 minutes). */
  pageLimit?: { max: number; windowSeconds: number };
  /** The IPv6 prefix length a network is (THROTTLE_IPV6_PREFIX, default 64). */
  ipv6PrefixBits?: number;
};

export const DEFAULT_SIGNUP_LIMIT = { max: 5, windowSeconds: 600 } as const;
export const DEFAULT_PAGE_SIGNUP_LIMIT = { max: 300, windowSeconds: 600 } as const;
/** What a visitor is told to wait when the queue is unreachable. */
export const UNAVAILABLE_RETRY_SECONDS = 60;

export type LeadCapture = (submission: LeadSubmission) => Promise<SubscribeResult>;

export function createLeadCapture(deps: LeadCaptureDeps): LeadCapture {
  const limit = deps.limit ?? DEFAULT_SIGNUP_LIMIT;
  const pageLimit = deps.pageLimit ?? DEFAULT_PAGE_SIGNUP_LIMIT;

  /** INCR + first-hit EXPIRE in one transaction; the count and the seconds left. */
  async function count(key: string, windowSeconds: number): Promise<{ n: number; ttl: number }> {
    const replies = await deps.redis.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec();
    if (replies === null) throw new Error('rate limit transaction aborted');
    const [incr, , ttl] = replies;
    const n = Number(incr?.[1]);
    const left = Number(ttl?.[1]);
    if (incr?.[0] || !Number.isFinite(n)) throw incr?.[0] ?? new Error('rate limit count unreadable');
    return { n, ttl: Number.isFinite(left) && left > 0 ? left : windowSeconds };
  }

  return async ({ page, block, email, ip, requestId, clickId }) => {
    const at = deps.now();
    const doubleOptIn = block.data.double_opt_in === true;
    // Checked before anything is counted: a snapshot that cannot make a job is a bug, not an outage.
    const data = QUEUES['lead-capture'].parse({
      workspace_id: page.workspace_id,
      page_id: page.id,
      block_id: block.id,
      email,
      consent_text: consentTextOf(block.data),
      page_revision: page.revision ?? null,
      double_opt_in: doubleOptIn,
      submitted_at: at.toISOString(),
      ...(requestId === undefined ? {} : { request_id: requestId }),
      ...(clickId === undefined || clickId === null ? {} : { click_id: clickId }),
    });
    try {
      const { salt } = await deps.salts.forDate(at);
      const network = ipHash(salt, throttleKey(ip, deps.ipv6PrefixBits));
      const byNetwork = await count(`${deps.prefix}lead:rl:${network}`, limit.windowSeconds);
      if (byNetwork.n > limit.max) return { kind: 'throttled', retryAfterSeconds: byNetwork.ttl };
      // Counted only once the network's allowance admits it: one network cannot spend the page's.
      const byPage = await count(`${deps.prefix}lead:rl:page:${page.id}`, pageLimit.windowSeconds);
      if (byPage.n > pageLimit.max) return { kind: 'throttled', retryAfterSeconds: byPage.ttl };
      await deps.jobs.add('lead-capture', data, { jobId: leadCaptureJobId(page.id, email) });
      return { kind: 'accepted', outcome: doubleOptIn ? 'pending' : 'subscribed' };
    } catch {
      // Redis unreachable or refusing: say so (the caller answers 503 with Retry-After).
      return { kind: 'unavailable', retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS };
    }
  };
}
