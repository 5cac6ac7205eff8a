// Drives the real sync-server and worker beside the edge (e2e may import every service).
import { Redis } from 'ioredis';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { domainHostKey, redirectKey, redirectMissKey } from '@linkhub/shared/cache/keys';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import type { JobData } from '@linkhub/shared/jobs/queues';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { startV1Kit, ALL_SCOPES, type V1Kit } from '../../sync-server/src/testing/v1-kit';
import { createWorkerDeps, closeWorkerDeps, type WorkerDeps } from '../../worker/src/deps';
import { workerEnvSchema } from '../../worker/src/env';
import { cacheRefresh } from '../../worker/src/processors/cache-refresh';
import { createQueue } from '../../worker/src/queues';
import { startWorkers, type WorkerRuntime } from '../../worker/src/runtime';
import { createEdgeApp } from '../../edge/src/app';
import { createHotCache } from '../../edge/src/lookup/hot-cache';
import { createPgLookup, type PgLookup } from '../../edge/src/lookup/pg-lookup';
import { createMetrics, type EdgeMetrics } from '../../edge/src/metrics';
import { edgeRedis, ready, sharedGeo, visit } from '../../edge/src/testing/harness';

/**
 * The public path end to end in one process: the real sync-server (its /v1 API and command layer
 * writing through to Redis after commit), the edge app on the same database and Redis prefix wired
 * as edge/src/main.ts wires it (with its in-process hot cache), and the worker's cache-refresh job
 * on a real BullMQ queue.
 */
export type Stack = {
  kit: V1Kit;
  prefix: string;
  /** API keys with every scope, for the owner's workspace and for another account's. */
  keys: { owner: string; other: string };
  edge: { app: ReturnType<typeof createEdgeApp>; lookup: PgLookup; metrics: EdgeMetrics };
  /** GET through the edge app. */
  get: (host: string, path: string) => Promise<Response>;
  /** Calls /v1 like a client and returns status and parsed body. */
  v1: <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    who?: 'owner' | 'other',
  ) => Promise<{ status: number; body: T }>;
  /** Runs one cache-refresh job through the real queue and worker, and waits for it. */
  refresh: (data: JobData<'cache-refresh'>) => Promise<void>;
  /** Deletes the three keys the edge reads for host/slug (as an eviction or a Redis restart would). */
  flush: (host: string, slug: string) => Promise<void>;
  redis: Redis;
  stop: () => Promise<void>;
};

/** `env`: extra sync-server settings (the billing e2e points STRIPE_* at a local Stripe). */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const kit = await startV1Kit({}, env);
  const prefix = kit.deps.config.REDIS_PREFIX;
  const keys = { owner: await kit.key(ALL_SCOPES), other: await kit.key(ALL_SCOPES, 'other') };
  const lookup = createPgLookup({ connectionString: kit.database.url, max: 3 });
  const client = edgeRedis();
  await ready(client);
  const metrics = createMetrics();
  const hotCache = createHotCache({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix });
  await hotCache.whenActive();
  const app = createEdgeApp({
    redis: client,
    redisPrefix: prefix,
    pg: lookup,
    hotCache,
    linkHost: kit.deps.config.LINK_HOST,
    bioHost: kit.deps.config.BIO_HOST,
    trustedProxies: parseTrustedProxies(''),
    geo: await sharedGeo(),
    capture: false,
    logger: createLogger('edge-test', { level: 'silent' }),
    metrics,
  });
  const workerConfig = parseEnvOrThrow(workerEnvSchema, {
    DATABASE_URL: kit.database.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
  });
  const worker: WorkerDeps = createWorkerDeps(workerConfig, createLogger('worker-test', { level: 'silent' }));
  const runtime: WorkerRuntime = startWorkers(worker, { 'cache-refresh': cacheRefresh });
  const queue = createQueue('cache-refresh', worker.redis, prefix);
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

  async function v1<T>(
    method: string,
    path: string,
    body?: unknown,
    who: 'owner' | 'other' = 'owner',
  ): Promise<{ status: number; body: T }> {
    const res = await kit.api(method, path, { key: keys[who], ...(body === undefined ? {} : { body }) });
    return { status: res.status, body: (await res.json()) as T }; // test-only: the test asserts the shape it reads
  }
  return {
    kit,
    prefix,
    keys,
    edge: { app, lookup, metrics },
    get: (host, path) => visit(app, host, path),
    v1,
    refresh: async (data) => {
      const job = await queue.add(data);
      for (let i = 0; i < 400; i++) {
        const state = await job.getState();
        if (state === 'completed') return;
        if (state === 'failed') throw new Error('cache-refresh job failed');
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('cache-refresh job did not finish');
    },
    flush: async (host, slug) => {
      await redis.del(
        domainHostKey(prefix, host),
        redirectKey(prefix, host, slug),
        redirectMissKey(prefix, host, slug),
      );
    },
    redis,
    stop: async () => {
      await runtime.close();
      await queue.close();
      await closeWorkerDeps(worker);
      client.disconnect();
      hotCache.close();
      await lookup.close();
      const left = await redis.keys(`${prefix}*`);
      if (left.length > 0) await redis.del(...left);
      redis.disconnect();
      await kit.stop();
    },
  };
}
