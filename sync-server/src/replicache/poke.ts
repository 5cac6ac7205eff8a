import { duplicateRedis, type RedisClient } from '@linkhub/shared/redis/client';
import { pokeChannel } from '@linkhub/shared/cache/keys';
import { pokeUsers } from '@linkhub/shared/db/pokes';

type Listener = () => void;

/**
 * Pokes across sync-server processes (DESIGN §5): a command publishes on the user's Redis channel;
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
 * Tells the user's open editors to pull now, for a change made outside a push (a REST join): the
 * workspace list only reaches the local store through a pull.
 */
export async function pokeUser(
  deps: { redis: RedisClient; config: { REDIS_PREFIX: string } },
  userId: string,
): Promise<void> {
  await pokeUsers(deps.redis, deps.config.REDIS_PREFIX, [userId]);
}
