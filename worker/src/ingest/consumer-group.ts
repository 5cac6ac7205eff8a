import type { RedisClient } from '@linkhub/shared/server/redis/client';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import { INGEST_GROUP } from './names';

export function isNoGroup(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOGROUP');
}

type GroupDeps = {
  redis: RedisClient;
  logger: Logger;
  stream: string;
  onGroupRecreated: (() => void) | undefined;
};

/** The consumer group `ingest` on the stream: made when missing, again after Redis lost it. */
export function createConsumerGroup(deps: GroupDeps) {
  const { redis, logger, stream } = deps;

  /** Creates the consumer group (and the stream) when missing; true when it had to. */
  async function ensure(): Promise<boolean> {
    try {
      // From 0: entries the edge added before the group existed (a stream made after a restart) are read too.
      await redis.call('XGROUP', 'CREATE', stream, INGEST_GROUP, '0', 'MKSTREAM');
      return true;
    } catch (error) {
      if (error instanceof Error && error.message.includes('BUSYGROUP')) return false;
      throw error;
    }
  }

  /** After NOGROUP (Redis restarted without its data, or the key was deleted): the group again, at once. */
  async function recreate(): Promise<boolean> {
    const created = await ensure().catch(() => false);
    if (created) {
      logger.warn(
        { stream, group: INGEST_GROUP },
        'ingest consumer group was gone (Redis restarted empty?); created it again',
      );
      deps.onGroupRecreated?.();
    }
    return created;
  }

  /** The first ensure, retried while Redis is unreachable (the worker may start before it), until `running()` turns false. */
  async function ensureWhenReachable(running: () => boolean): Promise<void> {
    for (let attempt = 0; running(); attempt += 1) {
      try {
        await ensure();
        return;
      } catch (error) {
        logger.warn(
          { err: { message: error instanceof Error ? error.message : 'error' } },
          'ingest cannot create its consumer group yet; retrying',
        );
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(10_000, 500 * 2 ** Math.min(attempt, 5))),
        );
      }
    }
  }

  return { ensure, recreate, ensureWhenReachable };
}
