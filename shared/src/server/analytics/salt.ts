import { randomBytes } from 'node:crypto';
import type { RedisClient } from '../redis/client';
import { saltKey, SALT_TTL_SECONDS } from '../../cache/keys';

/**
 * The daily visitor-hash salt (docs/product-rules.md#analytics): 32 random bytes per UTC day, kept only in Redis
 * (`salt:{yyyy-mm-dd}`, 48 h TTL), created atomically with SET NX so every edge instance uses the
 * same one, cached in process for the day. Never logged: the value is only ever handed to a hash.
 *
 * When Redis cannot be reached the source falls back to a process-local random salt for that day
 * (`durable: false`): split and experiment assignment stay stable within the process, and the
 * caller knows its events cannot be written anyway.
 */
export type DailySalt = { day: string; salt: Buffer; durable: boolean };
export type SaltSource = { forDate(now: Date): Promise<DailySalt> };

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** How long a process-local fallback salt is used before Redis is tried again. */
const RETRY_MS = 5000;

export function createSaltSource(redis: RedisClient, prefix: string): SaltSource {
  let current: DailySalt | null = null;
  let retryAt = 0;
  let pending: Promise<DailySalt> | null = null;
  let pendingDay = '';
  const ephemeral = new Map<string, Buffer>();

  async function load(day: string): Promise<DailySalt> {
    const key = saltKey(prefix, day);
    try {
      const fresh = randomBytes(32);
      await redis.set(key, fresh.toString('base64'), 'EX', SALT_TTL_SECONDS, 'NX');
      const stored = await redis.get(key);
      if (stored === null) throw new Error('salt vanished');
      return { day, salt: Buffer.from(stored, 'base64'), durable: true };
    } catch {
      let salt = ephemeral.get(day);
      if (!salt) {
        salt = randomBytes(32);
        ephemeral.clear();
        ephemeral.set(day, salt);
      }
      return { day, salt, durable: false };
    }
  }

  return {
    async forDate(now: Date): Promise<DailySalt> {
      const day = utcDay(now);
      if (current?.day === day && (current.durable || now.getTime() < retryAt)) return current;
      if (pending && pendingDay === day) return pending;
      pendingDay = day;
      pending = load(day).then((result) => {
        current = result;
        if (!result.durable) retryAt = now.getTime() + RETRY_MS;
        pending = null;
        return result;
      });
      return pending;
    },
  };
}
