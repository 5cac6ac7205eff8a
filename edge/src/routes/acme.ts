import type { Context } from 'hono';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { acmeChallengeKey } from '@linkhub/shared/cache/keys';

/** ACME HTTP-01 (docs/product-rules.md#custom-domains): `/.well-known/acme-challenge/{token}` answers the key authorization the domain worker stored. */
const TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

export type AcmeChallenge = (c: Context, token: string) => Promise<Response>;

export function createAcmeChallenge(deps: { redis: RedisClient; prefix: string }): AcmeChallenge {
  return async (c, token) => {
    const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
    if (!TOKEN.test(token)) return c.body('not found', 404, headers);
    let value: string | null;
    try {
      value =
        deps.redis.status === 'ready' ? await deps.redis.get(acmeChallengeKey(deps.prefix, token)) : null;
    } catch {
      value = null;
    }
    return value === null ? c.body('not found', 404, headers) : c.body(value, 200, headers);
  };
}
