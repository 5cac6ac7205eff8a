import type { RedisClient } from '@linkhub/shared/redis/client';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import { one, type Queryable } from '@linkhub/shared/db/sql';

/**
 * Failed-attempt throttling (16.10): no account lockout. Failures are counted per (identifier,
 * network) pair — the keyed hash of the e-mail (or user id) together with the keyed hash of the
 * client IP — and per network alone (one address trying many accounts). Past a free allowance each
 * further failure doubles the wait before the next attempt, up to a cap, answered as 429 with
 * Retry-After. An attacker's failures from their network therefore never slow the owner down on
 * theirs. Redis holds the fast counters; auth_attempts is the durable record and the fallback when
 * Redis has no counter (cold cache, restart).
 */
export const FAILURE_WINDOW_SECONDS = 60 * 60;
export const FREE_FAILURES_PER_PAIR = 5;
export const FREE_FAILURES_PER_NETWORK = 50;
export const MAX_DELAY_SECONDS = 15 * 60;

export type AttemptKind =
  'login' | 'signup' | 'totp' | 'recovery_code' | 'password_reset' | 'magic_link' | 'email_verification';
export type AttemptOutcome = 'success' | 'failure' | 'locked' | 'throttled';

export type ThrottleSubject = { identifierHash: string; networkHash: Buffer; kind: AttemptKind };

type Counter = { failures: number; lastFailureMs: number };
type Scope = 'pair' | 'net';

function keyOf(prefix: string, s: ThrottleSubject, scope: Scope): string {
  const net = s.networkHash.toString('hex');
  return scope === 'pair'
    ? rateLimitKey(prefix, `${s.kind}:pair`, `${s.identifierHash}:${net}`)
    : rateLimitKey(prefix, `${s.kind}:net`, net);
}

/** Seconds to wait after `failures` failures, `free` of which cost nothing: 1, 2, 4, … up to the cap. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free), MAX_DELAY_SECONDS);
}

async function counterFromDb(db: Queryable, s: ThrottleSubject, scope: Scope): Promise<Counter> {
  // A success from the pair ends its count; a network's count across identifiers only ages out.
  const match =
    scope === 'pair'
      ? 'identifier_hash = $1 AND network_hash = $2'
      : '$1::text IS NOT NULL AND network_hash = $2';
  const sinceSuccess =
    scope === 'pair'
      ? `AND occurred_at > coalesce((SELECT max(occurred_at) FROM auth_attempts WHERE ${match} AND kind = $3 AND outcome = 'success'), '-infinity')`
      : '';
  const row = await one<{ n: string; last: Date | null }>(
    db,
    `SELECT count(*) AS n, max(occurred_at) AS last FROM auth_attempts
      WHERE ${match} AND kind = $3 AND outcome = 'failure'
        AND occurred_at > now() - make_interval(secs => $4) ${sinceSuccess}`,
    [s.identifierHash, s.networkHash, s.kind, FAILURE_WINDOW_SECONDS],
  );
  return { failures: Number(row?.n ?? 0), lastFailureMs: row?.last?.getTime() ?? 0 };
}

async function counter(
  redis: RedisClient,
  db: Queryable,
  prefix: string,
  s: ThrottleSubject,
  scope: Scope,
): Promise<Counter> {
  const key = keyOf(prefix, s, scope);
  const [failures, last] = await redis.hmget(key, 'failures', 'last');
  if (failures !== null && last !== null) return { failures: Number(failures), lastFailureMs: Number(last) };
  const fromDb = await counterFromDb(db, s, scope);
  if (fromDb.failures > 0) {
    await redis
      .multi()
      .hset(key, { failures: String(fromDb.failures), last: String(fromDb.lastFailureMs) })
      .expire(key, FAILURE_WINDOW_SECONDS)
      .exec();
  }
  return fromDb;
}

function remaining(c: Counter, free: number, nowMs: number): number {
  const until = c.lastFailureMs + delayAfter(c.failures, free) * 1000;
  return until > nowMs ? Math.ceil((until - nowMs) / 1000) : 0;
}

/** Seconds until this pair (and this network) may try again, or 0 when it may try now. */
export async function lockoutRemaining(
  redis: RedisClient,
  db: Queryable,
  prefix: string,
  s: ThrottleSubject,
): Promise<number> {
  const [pair, net] = await Promise.all([
    counter(redis, db, prefix, s, 'pair'),
    counter(redis, db, prefix, s, 'net'),
  ]);
  const now = Date.now();
  return Math.max(
    remaining(pair, FREE_FAILURES_PER_PAIR, now),
    remaining(net, FREE_FAILURES_PER_NETWORK, now),
  );
}

export async function recordFailure(redis: RedisClient, prefix: string, s: ThrottleSubject): Promise<void> {
  const now = String(Date.now());
  // One transaction per key: the two keys may sit in different slots of a Redis Cluster (D-360).
  await Promise.all(
    (['pair', 'net'] as const).map((scope) => {
      const key = keyOf(prefix, s, scope);
      return redis
        .multi()
        .hincrby(key, 'failures', 1)
        .hset(key, 'last', now)
        .expire(key, FAILURE_WINDOW_SECONDS)
        .exec();
    }),
  );
}

/** A success from this network ends the pair's count; the network's count across identifiers stays. */
export async function clearFailures(redis: RedisClient, prefix: string, s: ThrottleSubject): Promise<void> {
  await redis.del(keyOf(prefix, s, 'pair'));
}

export async function recordAttempt(
  db: Queryable,
  s: ThrottleSubject,
  outcome: AttemptOutcome,
  opts: { userId?: string | null; reason?: string | null } = {},
): Promise<void> {
  await db.query(
    'INSERT INTO auth_attempts (user_id, identifier_hash, kind, outcome, reason, network_hash) VALUES ($1, $2, $3, $4, $5, $6)',
    [opts.userId ?? null, s.identifierHash, s.kind, outcome, opts.reason ?? null, s.networkHash],
  );
}
