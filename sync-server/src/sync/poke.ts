import { duplicateRedis, type RedisClient } from '@linkhub/shared/server/redis/client';
import { pokeChannel } from '@linkhub/shared/cache/keys';
import { pokeWorkspaceMembers } from '@linkhub/shared/server/db/pokes';
import type pg from 'pg';
import type { Logger } from '@linkhub/shared/server/logging/logger';

type Listener = () => void;

/**
 * Pokes across sync-server processes (ARCHITECTURE.md#the-life-of-an-offline-edit): a command publishes on the user's Redis channel;
 * every process holding an SSE stream for that user hears it and tells the client to pull.
 * One subscriber connection per process, one channel subscription per user with open streams.
 */
export class PokeHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscriber: RedisClient | null = null;

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  private connection(): RedisClient {
    if (this.subscriber) return this.subscriber;
    const subscriber = duplicateRedis(this.redis);
    subscriber.on('error', () => undefined);
    subscriber.on('message', (channel: string) => {
      const userId = channel.slice(`${this.prefix}poke:`.length);
      for (const listener of this.listeners.get(userId) ?? []) listener();
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  async listen(userId: string, listener: Listener): Promise<() => Promise<void>> {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
      await this.connection().subscribe(pokeChannel(this.prefix, userId));
    }
    set.add(listener);
    return async () => {
      const current = this.listeners.get(userId);
      current?.delete(listener);
      if (current && current.size === 0) {
        this.listeners.delete(userId);
        await this.subscriber?.unsubscribe(pokeChannel(this.prefix, userId)).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
    this.subscriber = null;
    this.listeners.clear();
  }
}

/**
 * After a commit made outside the command layer (workspace create, delete, restore; joining one),
 * tells the editors of these users and of every live member of these workspaces to pull now, not
 * at their next periodic pull. The change is committed, so a failed poke only delays it: logged.
 */
export async function pokeAfterCommit(
  deps: { pool: pg.Pool; redis: RedisClient; config: { REDIS_PREFIX: string }; logger: Logger },
  target: { users?: readonly string[]; workspaces?: readonly string[] },
  what: string,
): Promise<void> {
  await pokeWorkspaceMembers(
    { db: deps.pool, redis: deps.redis, prefix: deps.config.REDIS_PREFIX },
    target.workspaces ?? [],
    target.users ?? [],
  ).catch((error: unknown) =>
    deps.logger.warn(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      `poke after ${what} failed`,
    ),
  );
}
