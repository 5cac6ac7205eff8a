import type { RedisClient } from '../redis/client';
import {
  domainHostKey,
  redirectKey,
  redirectMissKey,
  REDIRECT_MISS_TTL_SECONDS,
  REDIRECT_TTL_SECONDS,
} from '../../cache/keys';
import {
  serializeRedirectPayload,
  type DomainRoute,
  type RedirectPayload,
  domainRouteSchema,
} from '../../cache/payload';

/**
 * Cache write-through for redirect payloads (docs/product-rules.md#redirect-cache), called after a transaction commits by the
 * sync commands, by the worker's cache-refresh job, and by the edge's miss path.
 *
 * Rules this module enforces, so no caller can get them wrong:
 * 1. positive key first, then the negative key deleted (one Lua script: atomic and in that order);
 * 2. a QR key has no TTL, is never negatively cached and is never deleted;
 * 3. an older revision never replaces a newer one (a late refresh job cannot undo an edit).
 */

/** Keeps a newer cached revision; otherwise SET (with TTL when ARGV[3] > 0) then DEL the miss key. */
const WRITE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current then
  local ok, decoded = pcall(cjson.decode, current)
  if ok and type(decoded) == 'table' and type(decoded.revision) == 'number' and decoded.revision > tonumber(ARGV[2]) then
    redis.call('DEL', KEYS[2])
    return 0
  end
end
if tonumber(ARGV[3]) > 0 then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
else
  redis.call('SET', KEYS[1], ARGV[1])
end
redis.call('DEL', KEYS[2])
return 1
`;

/** Sets the miss key only when there is no positive key and the slug is not QR-backed. */
const MISS_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[2], '1', 'EX', ARGV[1])
return 1
`;

/** Deletes a plain link's key; refuses (returns -1) when the cached payload is QR-backed. */
const PURGE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if current then
  local ok, decoded = pcall(cjson.decode, current)
  if ok and type(decoded) == 'table' and decoded.is_qr == true then return -1 end
end
redis.call('DEL', KEYS[1])
return 1
`;

export type WriteResult = 'written' | 'kept_newer';

/** TTL of a payload's key in seconds; 0 = no expiry (QR keys are permanent). */
export function redirectTtlSeconds(payload: Pick<RedirectPayload, 'is_qr'>): number {
  return payload.is_qr ? 0 : REDIRECT_TTL_SECONDS;
}

export async function writeRedirectPayload(
  redis: RedisClient,
  prefix: string,
  host: string,
  slug: string,
  payload: RedirectPayload,
): Promise<WriteResult> {
  const body = serializeRedirectPayload(payload);
  const result = await redis.eval(
    WRITE_SCRIPT,
    2,
    redirectKey(prefix, host, slug),
    redirectMissKey(prefix, host, slug),
    body,
    String(payload.revision),
    String(redirectTtlSeconds(payload)),
  );
  return result === 1 ? 'written' : 'kept_newer';
}

export class QrKeyProtectedError extends Error {
  override readonly name = 'QrKeyProtectedError';
  constructor(host: string, slug: string, action: string) {
    super(
      `refused to ${action} the QR-backed key of ${host}/${slug}: QR keys are never deleted or negatively cached`,
    );
  }
}

/**
 * Negative cache for an unknown plain slug (60 s). `isQr` is what the caller knows of the slug
 * (a reservation exists): QR slugs are refused with QrKeyProtectedError.
 * Returns false when a positive key exists (the miss is not written).
 */
export async function writeMiss(
  redis: RedisClient,
  prefix: string,
  host: string,
  slug: string,
  isQr: boolean,
): Promise<boolean> {
  if (isQr) throw new QrKeyProtectedError(host, slug, 'negatively cache');
  const result = await redis.eval(
    MISS_SCRIPT,
    2,
    redirectKey(prefix, host, slug),
    redirectMissKey(prefix, host, slug),
    String(REDIRECT_MISS_TTL_SECONDS),
  );
  return result === 1;
}

/** Removes a plain link's payload (link deleted or moved); throws QrKeyProtectedError for a QR key. */
export async function purgeRedirect(
  redis: RedisClient,
  prefix: string,
  host: string,
  slug: string,
): Promise<void> {
  const result = await redis.eval(PURGE_SCRIPT, 1, redirectKey(prefix, host, slug));
  if (result === -1) throw new QrKeyProtectedError(host, slug, 'delete');
}

/**
 * How long the edge's miss-path copy of `dom:host:{host}` lives: it was read from rows that may be
 * older than a domain change committing meanwhile, so it must not outlive the next re-read.
 */
export const DOMAIN_ROUTE_MISS_TTL_SECONDS = 600;

/**
 * Writes the host-routing entry `dom:host:{host}`. The commands and the worker write it from
 * committed rows with no TTL (rewritten on every domain change); the edge's miss path passes
 * `ttlSeconds` (DOMAIN_ROUTE_MISS_TTL_SECONDS).
 */
export async function writeDomainRoute(
  redis: RedisClient,
  prefix: string,
  host: string,
  route: DomainRoute,
  ttlSeconds?: number,
): Promise<void> {
  const value = JSON.stringify(domainRouteSchema.parse(route));
  if (ttlSeconds === undefined) await redis.set(domainHostKey(prefix, host), value);
  else await redis.set(domainHostKey(prefix, host), value, 'EX', ttlSeconds);
}

/** Removes a host's routing entry (domain disconnected). */
export async function purgeDomainRoute(redis: RedisClient, prefix: string, host: string): Promise<void> {
  await redis.del(domainHostKey(prefix, host));
}
