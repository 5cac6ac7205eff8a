import type { Redis } from 'ioredis';

export class EvictionPolicyError extends Error {
  override readonly name = 'EvictionPolicyError';
}

/**
 * BullMQ loses jobs when Redis evicts keys, so the worker refuses to start unless
 * `maxmemory-policy` is `noeviction`.
 */
export async function assertNoEviction(redis: Redis): Promise<void> {
  let policy: string | undefined;
  try {
    const reply = (await redis.call('CONFIG', 'GET', 'maxmemory-policy')) as unknown;
    policy = Array.isArray(reply) && typeof reply[1] === 'string' ? reply[1] : undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EvictionPolicyError(
      `could not read Redis maxmemory-policy (${reason}); the worker needs noeviction`,
    );
  }
  if (policy !== 'noeviction') {
    throw new EvictionPolicyError(
      `Redis maxmemory-policy is ${policy ?? 'unknown'}; the worker needs noeviction (redis-cli CONFIG SET maxmemory-policy noeviction)`,
    );
  }
}
