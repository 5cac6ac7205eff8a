import type pg from 'pg';
import type { RedisClient } from '@linkhub/shared/server/redis/client';

/** Where the post-commit write-through of the edge's keys goes: the primary's pool and the cache role's Redis. */
export type CacheDeps = { pool: pg.Pool; redis: RedisClient; prefix: string };
