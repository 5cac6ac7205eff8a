import type { RedisClient } from '@linkhub/shared/server/redis/client';

/**
 * Calls `onReconnect` each time `redis` is ready again after a lost connection (not on the first
 * connect): a Redis restarted without persistence has lost the consumer group and the schedulers.
 * Returns a function that stops watching.
 */
export function watchRedisRestarts(redis: RedisClient, onReconnect: () => void): () => void {
  let wasReady = redis.status === 'ready';
  let lost = false;
  const onReady = () => {
    if (wasReady && lost) onReconnect();
    wasReady = true;
    lost = false;
  };
  const onClose = () => {
    lost = true;
  };
  redis.on('ready', onReady);
  redis.on('close', onClose);
  return () => {
    redis.off('ready', onReady);
    redis.off('close', onClose);
  };
}
