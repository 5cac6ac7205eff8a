import { Redis } from 'ioredis';
import { BoundedMemo } from '@linkhub/shared/cache/bounded-memo';
import type { Logger } from '@linkhub/shared/server/logging/logger';

/**
 * An in-process copy of the redirect keys (`rd:…`, `rd:miss:…`, `dom:host:…`), kept coherent with
 * Redis by client-side caching in broadcast mode: a dedicated connection runs
 * `CLIENT TRACKING ON REDIRECT <its own id> BCAST PREFIX <prefix>rd: PREFIX <prefix>dom:host:` and
 * subscribes to `__redis__:invalidate`, so Redis tells this process about every write, delete and
 * expiry of those keys, whoever made it (sync commands, worker refresh, operator rebuild, the edge's
 * own write-through). Each invalidated key is evicted.
 *
 * Ordering ("the request after a re-point sees it"): for broadcast tracking Redis queues the
 * invalidation before it flushes the writer's reply, so once a writer has its OK the invalidation is
 * already in this process's socket buffer. It may still sit in the same event-loop batch as the
 * request (or the writer's reply) that follows, so a lookup first waits for `settled()` — the end of
 * the current poll phase, one `setImmediate` shared by every request of that loop turn — by which
 * time every byte already received has been handled.
 *
 * Safety rules: the cache answers only while tracking is established; on any disconnect (or a
 * FLUSHDB, which arrives as a null invalidation) it is emptied and stays off until tracking is set up
 * again. A value read from Redis is stored only if no invalidation of its key (and no disconnect)
 * happened while the read was in flight, so a reply racing an eviction can never be cached stale.
 *
 * The connection speaks RESP2: under RESP3 Redis delivers invalidations as push frames, which
 * ioredis does not surface; under RESP2 they are ordinary pub/sub messages.
 */
export const INVALIDATE_CHANNEL = '__redis__:invalidate';

/** The Redis key prefixes tracked (after the deployment's own key prefix). */
export const TRACKED_PREFIXES = ['rd:', 'dom:host:'] as const;

/**
 * Told about the tracking connection's life and every invalidated key (the slug filter keeps itself
 * current by it). `reset`: tracking was lost or everything was invalidated, so keys may have changed
 * unseen; `established`: tracking is on again and every later write will be told.
 */
export type HotCacheListener = { established(): void; invalidated(key: string): void; reset(): void };

export type HotCache = {
  /** Resolves after the invalidations already received have been applied; await it before `get`. */
  settled(): Promise<void>;
  /** The values of all `keys` (null = known absent) when every one is held, else undefined. */
  get(keys: readonly string[]): Array<string | null> | undefined;
  /** Call before reading `keys` from Redis; call the result with the values read. */
  beginRead(keys: readonly string[]): (values: ReadonlyArray<string | null>) => void;
  /** True while tracking is established (the cache may answer). */
  readonly active: boolean;
  readonly size: number;
  /** The most keys it holds. */
  readonly capacity: number;
  /** Redis CLIENT ID of the tracking connection while established (tests kill it to simulate a drop). */
  readonly trackingClientId: number | null;
  /** Resolves once tracking is established (tests, start-up). */
  whenActive(): Promise<void>;
  /** Adds a listener (called synchronously, in the order things happen; `established` at once if already active). */
  listen(listener: HotCacheListener): void;
  close(): void;
};

export type HotCacheOptions = {
  /** A Redis URL: the cache opens its own connection (tracking is per connection). */
  url: string;
  /** The deployment's key prefix (`''` in production, `testRedisPrefix()` in tests). */
  prefix: string;
  capacity?: number;
  logger?: Logger;
};

type Ticket = { stale: boolean; readers: number };

export function createHotCache(options: HotCacheOptions): HotCache {
  const capacity = options.capacity ?? 50_000;
  let values = new BoundedMemo<string, string | null>(capacity);
  /** Reads in flight per key; an invalidation marks them stale so their values are not stored. */
  const pending = new Map<string, Ticket>();
  let active = false;
  /** Bumped on every flush: a read begun before a disconnect must not be stored after it. */
  let generation = 0;
  let closed = false;
  let clientId: number | null = null;
  let waiters: Array<() => void> = [];
  let barrier: Promise<void> | null = null;
  const listeners: HotCacheListener[] = [];

  const redis = new Redis(options.url, {
    protocol: 2,
    autoResubscribe: false,
    enableOfflineQueue: false,
    enableAutoPipelining: false,
    maxRetriesPerRequest: 1,
    connectionName: 'linkhub-edge-invalidations',
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
  });

  function flush(): void {
    values = new BoundedMemo<string, string | null>(capacity);
    for (const ticket of pending.values()) ticket.stale = true;
    pending.clear();
    generation += 1;
    for (const listener of listeners) listener.reset();
  }

  function deactivate(): void {
    active = false;
    clientId = null;
    flush();
  }

  function invalidate(key: string): void {
    for (const listener of listeners) listener.invalidated(key);
    values.delete(key);
    const ticket = pending.get(key);
    if (ticket) {
      ticket.stale = true;
      pending.delete(key);
    }
  }

  async function establish(): Promise<void> {
    const at = generation;
    let id: number;
    try {
      id = await redis.client('ID');
      const prefixes = TRACKED_PREFIXES.flatMap((p) => ['PREFIX', `${options.prefix}${p}`]);
      await redis.call('CLIENT', 'TRACKING', 'ON', 'REDIRECT', String(id), 'BCAST', ...prefixes);
      await redis.subscribe(INVALIDATE_CHANNEL);
    } catch (err) {
      options.logger?.warn(
        { err },
        'edge hot cache: tracking not established; reading Redis on every request',
      );
      return;
    }
    if (closed || redis.status !== 'ready' || at !== generation) return;
    flush();
    clientId = id;
    active = true;
    for (const wake of waiters) wake();
    waiters = [];
    for (const listener of listeners) listener.established();
  }

  redis.on('error', () => undefined);
  redis.on('ready', () => void establish());
  redis.on('close', deactivate);
  redis.on('messageBuffer', (channel: Buffer, message: unknown) => {
    if (channel.toString() !== INVALIDATE_CHANNEL) return;
    // A null message means "everything" (FLUSHDB/FLUSHALL, or Redis ran out of tracking memory).
    if (!Array.isArray(message)) return flush();
    for (const key of message) invalidate(String(key));
  });

  return {
    settled() {
      barrier ??= new Promise((resolve) =>
        setImmediate(() => {
          barrier = null;
          resolve();
        }),
      );
      return barrier;
    },
    get(keys) {
      if (!active) return undefined;
      const found: Array<string | null> = [];
      for (const key of keys) {
        const value = values.get(key);
        if (value === undefined) return undefined;
        found.push(value);
      }
      return found;
    },
    beginRead(keys) {
      if (!active) return () => undefined;
      const at = generation;
      const tickets = keys.map((key) => {
        let ticket = pending.get(key);
        if (!ticket) {
          ticket = { stale: false, readers: 0 };
          pending.set(key, ticket);
        }
        ticket.readers += 1;
        return ticket;
      });
      return (read) => {
        keys.forEach((key, i) => {
          const ticket = tickets[i];
          if (!ticket) return;
          ticket.readers -= 1;
          if (ticket.readers === 0 && pending.get(key) === ticket) pending.delete(key);
          const value = read[i];
          if (active && at === generation && !ticket.stale && value !== undefined) values.set(key, value);
        });
      };
    },
    get active() {
      return active;
    },
    get size() {
      return values.size;
    },
    capacity,
    get trackingClientId() {
      return clientId;
    },
    whenActive() {
      if (active) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    listen(listener) {
      listeners.push(listener);
      if (active) listener.established();
    },
    close() {
      closed = true;
      deactivate();
      redis.disconnect();
    },
  };
}
