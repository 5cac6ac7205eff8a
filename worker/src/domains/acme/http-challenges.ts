import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { acmeChallengeKey } from '@linkhub/shared/cache/keys';

/** How long a published HTTP-01 answer lives if the order never cleans it up. */
const CHALLENGE_TTL_SECONDS = 15 * 60;

/**
 * HTTP-01 answers published where the edge reads them (`/.well-known/acme-challenge/{token}`,
 * edge/src/routes/acme.ts): every edge instance answers for every host.
 */
export type HttpChallenges = {
  publish: (token: string, keyAuthorization: string) => Promise<void>;
  withdraw: (token: string) => Promise<void>;
};

export function redisHttpChallenges(redis: RedisClient, prefix: string): HttpChallenges {
  return {
    publish: async (token, keyAuthorization) => {
      await redis.set(acmeChallengeKey(prefix, token), keyAuthorization, 'EX', CHALLENGE_TTL_SECONDS);
    },
    withdraw: async (token) => {
      await redis.del(acmeChallengeKey(prefix, token));
    },
  };
}
