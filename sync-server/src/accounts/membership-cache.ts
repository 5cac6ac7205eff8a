import type { Redis } from 'ioredis';
import { rateLimitKey } from '@linkhub/shared/cache/keys';

/**
 * Spec §3.2 rule 4: when a membership ends or changes, any cached entitlement/capability entry for
 * that user and workspace is deleted. authorize() input is loaded from PostgreSQL on every request
 * (loadAuthorizeInput), so the only cached per-member entries are the API rate-limit buckets of the
 * member's keys; this is the one eviction hook to extend if a capability cache is ever added.
 */
export async function evictMemberCaches(redis: Redis, prefix: string, workspaceId: string, userId: string): Promise<void> {
  await redis.del(rateLimitKey(prefix, 'capabilities', `${workspaceId}:${userId}`));
}
