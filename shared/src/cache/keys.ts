/**
 * Every Redis key LinkHub uses, built by one function each (docs/product-rules.md#the-redirect, docs/product-rules.md#redirect-cache).
 *
 * Every function takes the key prefix first (`''` in production unless configured; a
 * `testRedisPrefix()` in tests). Hosts are placed inside a Redis hash tag (`{host}`), so the three
 * keys the edge reads in one round trip (`dom:host:`, `rd:`, `rd:miss:`) live in one cluster slot
 * and the read can be a single MGET on a managed cluster too (docs/product-rules.md#scale-out).
 *
 * Hosts must already be canonical (`canonicalHost`) and slugs lower-case (`canonicalSlug`): the
 * functions here only format.
 */

/** The catalogue as data: key family → what it holds, who writes it, its lifetime. Tests enumerate it. */
export const KEY_FAMILIES = {
  domainHost: {
    pattern: 'dom:host:{host}',
    holds: 'host routing: kind + workspace of a host',
    ttl: 'none when written from committed rows (domain add/remove/update, verify and lapse in the worker); 600 s from the edge miss path',
  },
  redirect: {
    pattern: 'rd:{host}:{slug}',
    holds: 'redirect payload (cache/payload.ts)',
    ttl: '3600 s; QR: none',
  },
  redirectMiss: {
    pattern: 'rd:miss:{host}:{slug}',
    holds: 'negative cache of an unknown non-QR slug',
    ttl: '60 s',
  },
  page: {
    pattern: 'page:{host}:{handle}',
    holds: 'published bio page snapshot',
    ttl: '3600 s, rewritten on publish, purged on unpublish',
  },
  rootPage: {
    pattern: 'page:{host}:/',
    holds: "a custom domain's root page snapshot (served at `/`)",
    ttl: '3600 s, rewritten on publish and domain change',
  },
  salt: { pattern: 'salt:{yyyy-mm-dd}', holds: 'daily visitor-hash salt (32 random bytes)', ttl: '48 h' },
  clicksStream: {
    pattern: 'clicks:raw',
    holds: 'analytics event stream (consumer group ingest)',
    ttl: 'MAXLEN ~ about 1,000,000 events (entries hold up to 250)',
  },
  acmeChallenge: {
    pattern: 'acme:{token}',
    holds: 'ACME HTTP-01 key authorization',
    ttl: 'set by the domain worker',
  },
  session: { pattern: 'sess:{token_hash}', holds: 'session cache', ttl: 'session rolling expiry' },
  rateLimit: { pattern: 'rl:{scope}:{key}', holds: 'rate-limit bucket', ttl: 'window length' },
  pokeChannel: {
    pattern: 'poke:{user}',
    holds: 'pub/sub channel telling a user to pull',
    ttl: 'channel, not a key',
  },
  linkClicks: {
    pattern: 'lc:{host}:{link id}',
    holds:
      "a capped link's admitted visits (D-616), on the queue role (never evicted); the worker persists it",
    ttl: 'none',
  },
} as const;

export type KeyFamily = keyof typeof KEY_FAMILIES;

export function domainHostKey(prefix: string, host: string): string {
  return `${prefix}dom:host:{${host}}`;
}

export function redirectKey(prefix: string, host: string, slug: string): string {
  return `${prefix}rd:{${host}}:${slug}`;
}

export function redirectMissKey(prefix: string, host: string, slug: string): string {
  return `${prefix}rd:miss:{${host}}:${slug}`;
}

export function pageKey(prefix: string, host: string, handle: string): string {
  return `${prefix}page:{${host}}:${handle}`;
}

/** `/` can never be a handle, so the root page cannot collide with a page of the same host. */
export function rootPageKey(prefix: string, host: string): string {
  return `${prefix}page:{${host}}:/`;
}

/** `day` is a UTC calendar day, `yyyy-mm-dd`. */
export function saltKey(prefix: string, day: string): string {
  return `${prefix}salt:${day}`;
}

export function clicksStreamKey(prefix: string): string {
  return `${prefix}clicks:raw`;
}

export function acmeChallengeKey(prefix: string, token: string): string {
  return `${prefix}acme:${token}`;
}

export function sessionKey(prefix: string, tokenHash: string): string {
  return `${prefix}sess:${tokenHash}`;
}

export function rateLimitKey(prefix: string, scope: string, key: string): string {
  return `${prefix}rl:${scope}:${key}`;
}

export function pokeChannel(prefix: string, userId: string): string {
  return `${prefix}poke:${userId}`;
}

/** Hash-tagged by host like the redirect keys (D-049); by link id, so a slug change keeps the count. */
export function linkClicksKey(prefix: string, host: string, linkId: string): string {
  return `${prefix}lc:{${host}}:${linkId}`;
}

/** TTLs of the redirect cache, in seconds (docs/product-rules.md#redirect-cache). */
export const REDIRECT_TTL_SECONDS = 3600;
export const REDIRECT_MISS_TTL_SECONDS = 60;
export const PAGE_TTL_SECONDS = 3600;
export const SALT_TTL_SECONDS = 48 * 3600;
/** Approximate cap of the clicks stream, in events (`clicksStreamMaxEntries` in analytics/event.ts turns it into entries). */
export const CLICKS_STREAM_MAXLEN = 1_000_000;
