import type { Redis } from 'ioredis';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import { one, type Queryable } from './db';

/**
 * Failed sign-in throttling (spec §6.3.10): fast counters in Redis per identifier (the keyed hash of
 * the email) and per network (the keyed hash of the IP), with auth_attempts as the durable record
 * and the fallback when Redis has no counter (cold cache, restart).
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_IDENTIFIER = 5;
export const MAX_FAILURES_PER_NETWORK = 30;

export type AttemptKind = 'login' | 'signup' | 'totp' | 'recovery_code' | 'password_reset' | 'magic_link' | 'email_verification';
export type AttemptOutcome = 'success' | 'failure' | 'locked' | 'throttled';

export type ThrottleSubject = { identifierHash: string; networkHash: Buffer; kind: AttemptKind };

function keys(prefix: string, s: ThrottleSubject): { id: string; net: string } {
  return {
    id: rateLimitKey(prefix, `${s.kind}:id`, s.identifierHash),
    net: rateLimitKey(prefix, `${s.kind}:net`, s.networkHash.toString('hex')),
  };
}

async function countFromDb(db: Queryable, s: ThrottleSubject, by: 'id' | 'net'): Promise<number> {
  const row = await one<{ n: string }>(
    db,
    `SELECT count(*) AS n FROM auth_attempts
      WHERE ${by === 'id' ? 'identifier_hash = $1' : 'network_hash = $1'} AND kind = $2 AND outcome = 'failure'
        AND occurred_at > now() - make_interval(secs => $3)
        AND occurred_at > coalesce((SELECT max(occurred_at) FROM auth_attempts
                                     WHERE ${by === 'id' ? 'identifier_hash = $1' : 'network_hash = $1'} AND kind = $2 AND outcome = 'success'), '-infinity')`,
    [by === 'id' ? s.identifierHash : s.networkHash, s.kind, LOGIN_WINDOW_SECONDS],
  );
  return Number(row?.n ?? 0);
}

/** Seconds until another attempt is allowed, or 0 when the subject may try now. */
export async function lockoutRemaining(redis: Redis, db: Queryable, prefix: string, s: ThrottleSubject): Promise<number> {
  const k = keys(prefix, s);
  const [idCount, netCount, idTtl, netTtl] = await Promise.all([redis.get(k.id), redis.get(k.net), redis.ttl(k.id), redis.ttl(k.net)]);
  let ids = idCount === null ? null : Number(idCount);
  let nets = netCount === null ? null : Number(netCount);
  if (ids === null) {
    ids = await countFromDb(db, s, 'id');
    if (ids > 0) await redis.set(k.id, String(ids), 'EX', LOGIN_WINDOW_SECONDS, 'NX');
  }
  if (nets === null) {
    nets = await countFromDb(db, s, 'net');
    if (nets > 0) await redis.set(k.net, String(nets), 'EX', LOGIN_WINDOW_SECONDS, 'NX');
  }
  const waits: number[] = [];
  if (ids >= MAX_FAILURES_PER_IDENTIFIER) waits.push(idTtl > 0 ? idTtl : LOGIN_WINDOW_SECONDS);
  if (nets >= MAX_FAILURES_PER_NETWORK) waits.push(netTtl > 0 ? netTtl : LOGIN_WINDOW_SECONDS);
  return waits.length === 0 ? 0 : Math.max(...waits);
}

export async function recordFailure(redis: Redis, prefix: string, s: ThrottleSubject): Promise<void> {
  const k = keys(prefix, s);
  await redis
    .multi()
    .incr(k.id)
    .expire(k.id, LOGIN_WINDOW_SECONDS, 'NX')
    .incr(k.net)
    .expire(k.net, LOGIN_WINDOW_SECONDS, 'NX')
    .exec();
}

export async function clearFailures(redis: Redis, prefix: string, s: ThrottleSubject): Promise<void> {
  await redis.del(keys(prefix, s).id);
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
