import type { RedisClient } from '@linkhub/shared/server/redis/client';
import type { Refusal } from './entry-rows';
import { DEAD_LETTER_MAX } from './names';

/** Pushes refused entries or events onto the capped dead-letter list (newest first), one pipeline. */
export async function deadLetter(
  redis: RedisClient,
  deadKey: string,
  items: ReadonlyArray<Refusal>,
): Promise<void> {
  if (items.length === 0) return;
  const refusedAt = new Date().toISOString();
  const pipeline = redis.pipeline();
  for (const item of items)
    pipeline.lpush(
      deadKey,
      JSON.stringify({ id: item.id, reason: item.reason, fields: item.fields, refused_at: refusedAt }),
    );
  pipeline.ltrim(deadKey, 0, DEAD_LETTER_MAX - 1);
  await pipeline.exec();
}
