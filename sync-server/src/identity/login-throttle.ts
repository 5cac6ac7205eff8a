import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';

/**
 * Failed-attempt throttling (16.10, D-485): no blanket account lockout. A "network" is the client's
 * throttle key (requestNetwork: the IPv4 address, or the IPv6 /64), keyed-hashed. Failures are
 * counted per (identifier, network) pair — the keyed hash of the e-mail (or user id) with the
 * network's — and per network alone (one network trying many accounts). Past a free allowance each
 * further failure doubles the wait before the next attempt, up to a cap, answered as 429 with
 * Retry-After. On top, for password and second-factor guesses, a per-account ceiling counts the
 * failures from networks the account has never signed in from, wherever they come from; past it,
 * such networks wait until the window is quiet, while a network the account signed in from before
 * (its owner's) is not held by it. An attacker's failures therefore never slow the owner down on
 * their own network. Redis holds the fast counters; auth_attempts is the durable record and the
 * fallback when Redis has no counter (cold cache, restart).
 */
export const FAILURE_WINDOW_SECONDS = 60 * 60;
export const FREE_FAILURES_PER_PAIR = 5;
export const FREE_FAILURES_PER_NETWORK = 50;
export const MAX_DELAY_SECONDS = 15 * 60;
/** Failures per account per window from unfamiliar networks, all of them together (D-485). */
export const ACCOUNT_FAILURE_CEILING = 20;
/** A network with a success for the identifier this recently is the owner's: the account ceiling does not hold it. */
export const KNOWN_NETWORK_DAYS = 90;
/** The kinds that guess a secret of one account (its password, its second factor): they have the account ceiling. */
const ACCOUNT_CEILING_KINDS: ReadonlySet<AttemptKind> = new Set(['login', 'totp', 'recovery_code']);

export type AttemptKind =
  'login' | 'signup' | 'totp' | 'recovery_code' | 'password_reset' | 'magic_link' | 'email_verification';
export type AttemptOutcome = 'success' | 'failure' | 'locked' | 'throttled';

export type ThrottleSubject = { identifierHash: string; networkHash: Buffer; kind: AttemptKind };

type Counter = { failures: number; lastFailureMs: number };
type Scope = 'pair' | 'net' | 'account';

function keyOf(prefix: string, s: ThrottleSubject, scope: Scope): string {
  const net = s.networkHash.toString('hex');
  if (scope === 'account') return rateLimitKey(prefix, `${s.kind}:acct`, s.identifierHash);
  return scope === 'pair'
    ? rateLimitKey(prefix, `${s.kind}:pair`, `${s.identifierHash}:${net}`)
    : rateLimitKey(prefix, `${s.kind}:net`, net);
}

/** Seconds to wait after `failures` failures, `free` of which cost nothing: 1, 2, 4, … up to the cap. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free), MAX_DELAY_SECONDS);
}

const KNOWN_SQL = `SELECT 1 FROM auth_attempts WHERE identifier_hash = $1 AND network_hash = $2 AND outcome = 'success'
   AND occurred_at > now() - make_interval(days => ${KNOWN_NETWORK_DAYS}) LIMIT 1`;

/** Whether the identifier succeeded from this network recently (its owner's network, for the account ceiling). */
export async function isKnownNetwork(db: Queryable, s: ThrottleSubject): Promise<boolean> {
  return (await db.query(KNOWN_SQL, [s.identifierHash, s.networkHash])).rowCount !== 0;
}

async function counterFromDb(db: Queryable, s: ThrottleSubject, scope: Scope): Promise<Counter> {
  // A success from the pair ends its count; a network's or an account's count only ages out. The
  // account's counts failures from networks without a recent success for it, as recordFailure does.
  const match =
    scope === 'pair'
      ? 'identifier_hash = $1 AND network_hash = $2'
      : scope === 'net'
        ? '$1::text IS NOT NULL AND network_hash = $2'
        : `identifier_hash = $1 AND $2::bytea IS NOT NULL AND network_hash NOT IN (
             SELECT network_hash FROM auth_attempts WHERE identifier_hash = $1 AND outcome = 'success'
                AND occurred_at > now() - make_interval(days => ${KNOWN_NETWORK_DAYS}))`;
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

/** Past the ceiling, an unfamiliar network waits until the account has had a window without new failures. */
function accountRemaining(c: Counter, nowMs: number): number {
  if (c.failures < ACCOUNT_FAILURE_CEILING) return 0;
  const until = c.lastFailureMs + FAILURE_WINDOW_SECONDS * 1000;
  return until > nowMs ? Math.ceil((until - nowMs) / 1000) : 0;
}

/** Seconds until this pair (this network, this account from this network) may try again, or 0 when it may try now. */
export async function lockoutRemaining(
  redis: RedisClient,
  db: Queryable,
  prefix: string,
  s: ThrottleSubject,
): Promise<number> {
  const ceiling = ACCOUNT_CEILING_KINDS.has(s.kind);
  const [pair, net, account] = await Promise.all([
    counter(redis, db, prefix, s, 'pair'),
    counter(redis, db, prefix, s, 'net'),
    ceiling ? counter(redis, db, prefix, s, 'account') : undefined,
  ]);
  const now = Date.now();
  const local = Math.max(
    remaining(pair, FREE_FAILURES_PER_PAIR, now),
    remaining(net, FREE_FAILURES_PER_NETWORK, now),
  );
  const accountWait = account === undefined ? 0 : accountRemaining(account, now);
  // The account ceiling never holds the owner's own network (asked only once the ceiling is reached).
  if (accountWait > local && !(await isKnownNetwork(db, s))) return accountWait;
  return local;
}

/**
 * Counts a failure for the pair and the network, and for the account unless the network is one
 * the account signed in from before (the owner's typos there never close the account elsewhere).
 */
export async function recordFailure(
  redis: RedisClient,
  db: Queryable,
  prefix: string,
  s: ThrottleSubject,
): Promise<void> {
  const now = String(Date.now());
  const scopes: Scope[] = ['pair', 'net'];
  if (ACCOUNT_CEILING_KINDS.has(s.kind) && !(await isKnownNetwork(db, s))) scopes.push('account');
  // One transaction per key: the keys may sit in different slots of a Redis Cluster (D-360).
  await Promise.all(
    scopes.map((scope) => {
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
