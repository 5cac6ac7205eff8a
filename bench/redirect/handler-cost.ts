import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { openGeo } from '@linkhub/shared/server/analytics/geo';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createEdgeService } from '../../edge/src/app';
import { createHotCache } from '../../edge/src/lookup/hot-cache';
import { createPgLookup } from '../../edge/src/lookup/pg-lookup';
import { openEdgeRedis } from '../../edge/src/redis-connections';
import type { RedirectRoute } from '../../edge/src/dispatch/dispatch';
import type { FactsSource } from '../../edge/src/request/request-facts';
import type { RedirectHandler } from '../../edge/src/routes/redirect';
import { BIO_HOST, LINK_HOST } from '../../edge/src/testing/harness';
import { median } from '../median';
import { createBenchDatabase } from './bench-db';
import { visitorHeaders } from './visitors';

/**
 * `npx tsx bench/redirect/handler-cost.ts`: the redirect handler's own CPU per request, capture off
 * against capture on, in one process with no HTTP layer: real Redis, PostgreSQL and hot cache, the
 * visitor mix of the wrk bench. Trials alternate between the two edges, so a slow spell of the shared
 * machine lands on both; the table gives medians and the median in-trial difference. What it leaves
 * out (HTTP parse and write) is the same for both, so the difference is capture's whole in-process cost.
 */
const TRIALS = Number(process.env.BENCH_TRIALS ?? 9);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40_000);
const CONCURRENCY = 16;
const CHUNK = 2000;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The wrk script's visitor mix as handler requests, all to the same link. */
const HIT: RedirectRoute = { kind: 'redirect', host: LINK_HOST, slug: 'hit' };
function visitorRequests(count: number): FactsSource[] {
  return visitorHeaders(count).map((headers) => ({
    query: '',
    socketAddress: '127.0.0.1',
    header: (name) => headers[name],
  }));
}

/** CPU µs per request of `count` requests through `handle`, CONCURRENCY at a time (capture flushes included). */
async function cpuPerRequest(
  handle: RedirectHandler,
  requests: readonly FactsSource[],
  count: number,
  flush: () => Promise<void>,
): Promise<number> {
  let next = 0;
  const started = process.cpuUsage();
  async function lane(): Promise<void> {
    while (next < count) {
      const request = requests[next % requests.length];
      next += 1;
      if (request === undefined) continue;
      const outcome = await handle(HIT, request);
      if (outcome.kind !== 'respond' || outcome.response.status !== 302) throw new Error('expected a 302');
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  await flush();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}

async function main(): Promise<void> {
  const db = await createBenchDatabase();
  const { databaseUrl, prefix } = db;
  const connections: RedisClient[] = [];
  const closers: Array<() => unknown> = [];
  const logger = createLogger('bench', { level: 'error' });
  try {
    const { geo } = await openGeo();

    async function edge(capture: boolean) {
      const { redis, captureRedis } = openEdgeRedis(REDIS_URL);
      connections.push(redis, captureRedis);
      const hotCache = createHotCache({ url: REDIS_URL, prefix, logger });
      const pgLookup = createPgLookup({ connectionString: databaseUrl });
      closers.push(
        () => hotCache.close(),
        () => pgLookup.close(),
      );
      const service = createEdgeService({
        redis,
        captureRedis,
        redisPrefix: prefix,
        pg: pgLookup,
        hotCache,
        linkHost: LINK_HOST,
        bioHost: BIO_HOST,
        trustedProxies: parseTrustedProxies(undefined),
        geo,
        capture,
        logger,
      });
      await hotCache.whenActive();
      return service;
    }
    const off = await edge(false);
    const on = await edge(true);
    const requests = visitorRequests(65_536);
    for (const service of [off, on])
      await cpuPerRequest(service.redirect, requests, REQUESTS, () => service.capture.flush());

    // Alternating chunks: both edges see the same spells of a shared machine at sub-second grain.
    const trials: Array<{ off: number; on: number }> = [];
    const chunks = Math.max(1, Math.round(REQUESTS / CHUNK));
    for (let t = 0; t < TRIALS; t += 1) {
      let offUs = 0;
      let onUs = 0;
      for (let c = 0; c < chunks; c += 1) {
        offUs += await cpuPerRequest(off.redirect, requests, CHUNK, () => off.capture.flush());
        onUs += await cpuPerRequest(on.redirect, requests, CHUNK, () => on.capture.flush());
      }
      trials.push({ off: offUs / chunks, on: onUs / chunks });
      const redis = connections[0];
      if (redis) await redis.del(clicksStreamKey(prefix));
    }
    const offMedian = median(trials.map((t) => t.off));
    const onMedian = median(trials.map((t) => t.on));
    const delta = median(trials.map((t) => t.on - t.off));
    process.stdout.write(
      `\nredirect handler in process (no HTTP): ${TRIALS} trials × ${chunks * CHUNK} requests per edge, in alternating chunks of ${CHUNK}; visitor mix\n`,
    );
    process.stdout.write(
      `| edge | CPU µs/request (median) |\n|---|---:|\n| capture off | ${offMedian.toFixed(2)} |\n| capture on | ${onMedian.toFixed(2)} |\n`,
    );
    process.stdout.write(`| capture's cost (median in-trial difference) | ${delta.toFixed(2)} |\n`);
    process.stdout.write(`trials, on − off µs: ${trials.map((t) => (t.on - t.off).toFixed(1)).join(' ')}\n`);
  } finally {
    for (const close of closers) await close();
    const redis = connections[0];
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
    }
    for (const connection of connections) connection.disconnect();
    await db.drop();
  }
}

await main();
