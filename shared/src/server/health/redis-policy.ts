import { serversOf, type RedisClient } from '../redis/client';

export class EvictionPolicyError extends Error {
  override readonly name = 'EvictionPolicyError';
}

/**
 * BullMQ and the click stream lose entries when Redis evicts keys, so the queue Redis must have
 * `maxmemory-policy` `noeviction`: the worker refuses to start otherwise, and every service's
 * /healthz answers 503 naming `queue_redis`.
 */
export async function assertNoEviction(redis: RedisClient): Promise<void> {
  // On a Redis Cluster every master holds part of the stream and queues: each must refuse to evict.
  for (const server of serversOf(redis)) await assertServerNoEviction(server);
}

async function assertServerNoEviction(redis: RedisClient): Promise<void> {
  let policy: string | undefined;
  try {
    const reply = (await redis.call('CONFIG', 'GET', 'maxmemory-policy')) as unknown;
    policy = Array.isArray(reply) && typeof reply[1] === 'string' ? reply[1] : undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EvictionPolicyError(
      `could not read Redis maxmemory-policy (${reason}); the queue Redis needs noeviction`,
    );
  }
  if (policy !== 'noeviction') {
    throw new EvictionPolicyError(
      `Redis maxmemory-policy is ${policy ?? 'unknown'}; the queue Redis needs noeviction (redis-cli CONFIG SET maxmemory-policy noeviction)`,
    );
  }
}

/** For a `/healthz`: why the queue Redis is refused (its policy can evict, or cannot be read), or null. */
export async function evictionRefusal(redis: RedisClient): Promise<string | null> {
  try {
    await assertNoEviction(redis);
    return null;
  } catch (error) {
    if (error instanceof EvictionPolicyError) return error.message;
    throw error;
  }
}
