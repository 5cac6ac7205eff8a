import { createServer, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { openGeo } from '@linkhub/shared/server/analytics/geo';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { median } from '../median';
import { createBenchDatabase } from './bench-db';
import { runWrkAsync, visitorMixScript } from './wrk';
import type * as AppModule from '../../edge/src/app';
import type * as HotCacheModule from '../../edge/src/lookup/hot-cache';
import type * as PgLookupModule from '../../edge/src/lookup/pg-lookup';
import type * as ConnectionsModule from '../../edge/src/redis-connections';
import type * as PrometheusModule from '../../edge/src/prometheus';
import type * as ListenerModule from '../../edge/src/server/edge-listener';

/**
 * `npx tsx bench/redirect/http-cost.ts`: the edge's CPU per cache hit through its real HTTP listener
 * (node:http → edge-listener → redirect handler, capture on, hot cache on), in this process, with wrk
 * sending the visitor mix. Run pinned (`taskset -c 1 npx tsx …`, wrk goes to CPU 0) to keep the two
 * apart. `EDGE_BASELINE=<dir>`: a copy of an earlier edge/src served beside the current one, the runs
 * alternating between them, so each change is measured against its "before" in the same rounds
 * (same process, same JIT of shared/, same spells of a noisy machine). `BENCH_CPU_PROF=<file>`: one
 * more run of the current edge under the V8 sampling profiler (100 µs), written as a .cpuprofile.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const CURRENT = path.resolve(import.meta.dirname, '../../edge/src');
const BASELINE = process.env.EDGE_BASELINE;
const PROFILE = process.env.BENCH_CPU_PROF;
const WRK_CPU = process.env.BENCH_PIN === '0' ? undefined : '0';
const LINK_HOST = 'lnk.localhost';
const BIO_HOST = 'bio.localhost';

type Variant = { name: string; server: Server; port: number; close: () => Promise<void> };

/** The edge of `dir` (an edge/src) on a free port, built as main.ts builds it (capture on, hot cache, Prometheus timer). */
async function startEdge(name: string, dir: string, databaseUrl: string, prefix: string): Promise<Variant> {
  const load = (file: string): Promise<Record<string, unknown>> => import(path.join(dir, file));
  const app = (await load('app.ts')) as typeof AppModule;
  const hot = (await load('lookup/hot-cache.ts')) as typeof HotCacheModule;
  const pgl = (await load('lookup/pg-lookup.ts')) as typeof PgLookupModule;
  const conns = (await load('redis-connections.ts')) as typeof ConnectionsModule;
  const prom = (await load('prometheus.ts')) as typeof PrometheusModule;
  const listen = (await load('server/edge-listener.ts')) as typeof ListenerModule;
  const logger = createLogger('bench', { level: 'error' });
  const { redis, captureRedis } = conns.openEdgeRedis(REDIS_URL);
  const hotCache = hot.createHotCache({ url: REDIS_URL, prefix, logger });
  const pg = pgl.createPgLookup({ connectionString: databaseUrl });
  const { geo } = await openGeo();
  const service = app.createEdgeService({
    redis,
    captureRedis,
    redisPrefix: prefix,
    pg,
    hotCache,
    linkHost: LINK_HOST,
    bioHost: BIO_HOST,
    trustedProxies: parseTrustedProxies(undefined),
    geo,
    capture: true,
    logger,
  });
  await hotCache.whenActive();
  const listener = listen.createEdgeListener({
    fetch: service.app.fetch,
    redirect: service.redirect,
    hosts: service.hosts,
    logger,
    metrics: service.metrics,
    timeRequest: prom.createEdgePrometheus(service.metrics).timeRequest,
  });
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  async function close(): Promise<void> {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await service.capture.flush();
    await service.jobs.close();
    hotCache.close();
    await pg.close();
    (redis as RedisClient).disconnect();
    captureRedis.disconnect();
  }
  return { name, server, port, close };
}

/** CPU µs of this process per request over one wrk run against `variant`. */
async function cpuPerRequest(variant: Variant, seconds: number, script: string): Promise<number> {
  const started = process.cpuUsage();
  const result = await runWrkAsync({
    url: `http://127.0.0.1:${variant.port}/hit`,
    host: LINK_HOST,
    seconds,
    connections: CONNECTIONS,
    script,
    cpu: WRK_CPU,
  });
  const used = process.cpuUsage(started);
  if (result.non2xx3xx > 0 || result.errors > 0) throw new Error(`${variant.name}: non-3xx or socket errors`);
  return (used.user + used.system) / result.requests;
}

async function main(): Promise<void> {
  const db = await createBenchDatabase();
  const variants: Variant[] = [];
  try {
    variants.push(await startEdge('current', CURRENT, db.databaseUrl, db.prefix));
    if (BASELINE)
      variants.push(await startEdge('baseline', path.resolve(BASELINE), db.databaseUrl, db.prefix));
    const script = visitorMixScript(LINK_HOST, '/hit');
    for (const v of variants) await cpuPerRequest(v, 2, script);
    const samples = new Map<string, number[]>(variants.map((v) => [v.name, []]));
    for (let r = 0; r < ROUNDS; r += 1)
      for (const v of r % 2 === 0 ? variants : [...variants].reverse())
        samples.get(v.name)?.push(await cpuPerRequest(v, SECONDS, script));
    process.stdout.write(
      `\nedge cache hit through node:http in process (capture on, hot cache, visitor mix): µs CPU per request, ${ROUNDS} alternating runs of ${SECONDS} s, c${CONNECTIONS}\n`,
    );
    process.stdout.write('| edge | median | runs |\n|---|---:|---|\n');
    for (const [name, list] of samples)
      process.stdout.write(
        `| ${name} | ${median(list).toFixed(2)} | ${list.map((v) => v.toFixed(1)).join(' ')} |\n`,
      );
    const [now, before] = [samples.get('current') ?? [], samples.get('baseline') ?? []];
    if (before.length > 0) {
      const ratios = now.map((us, i) => us / (before[i] ?? Number.NaN));
      process.stdout.write(
        `current ÷ baseline, median of the in-round ratios: ${median(ratios).toFixed(3)} (${ratios.map((r) => r.toFixed(2)).join(' ')})\n`,
      );
    }
    const current = variants[0];
    if (PROFILE && current) {
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
      await cpuPerRequest(current, SECONDS, script);
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(PROFILE, JSON.stringify(profile));
      session.disconnect();
      process.stdout.write(`profile of the current edge: ${PROFILE}\n`);
    }
  } finally {
    for (const v of variants) await v.close();
    const redis = (await import('ioredis')).Redis;
    const cleanup = new redis(REDIS_URL);
    await cleanup.del(clicksStreamKey(db.prefix));
    const keys = await cleanup.keys(`${db.prefix}*`);
    for (let i = 0; i < keys.length; i += 1000) await cleanup.del(...keys.slice(i, i + 1000));
    cleanup.disconnect();
    await db.drop();
  }
}

await main();
