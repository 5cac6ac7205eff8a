/**
 * `npm run bench -- visit`: the whole visit. The same visitor mix as bench/redirect through
 * the edge (capture on, slug filter on) while the worker's ingest consumes the stream in its own
 * process, with the CPU of edge + Redis + worker + PostgreSQL per visit (after each run the bench
 * waits until the worker has committed every captured event, so a visit's ingest is counted), beside
 * the bare `node:http` 302 (the ceiling) and a bare Hono app doing one Redis GET, in the same
 * interleaved rounds. Then two miss rows in the same rounds: distinct misses (every request a slug
 * that cannot exist) and a random-slug scan (uniform over 1..1,000,000 with 150,000 seeded), each
 * with the PostgreSQL queries the edge counted; and once, distinct misses on an edge without the
 * filter (before the hit-path cuts, prepared statements included). wrk on loopback, one thread, bounded.
 */
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { LINK_HOST, BIO_HOST } from '../../edge/src/testing/harness';
import { createBenchDatabase } from '../redirect/bench-db';
import { sequentialSlugScript, visitorMixScript } from '../redirect/wrk';
import { measure, type Row, type Server } from './measure';
import { freePort, get, spawnNode, stop, waitUntil } from './processes';
import { report } from './report';
import { randomSlugScript } from './scan-script';
import {
  BARE,
  CEILING,
  HIT,
  MISS,
  MISS_BEFORE,
  REDIS_URL,
  ROUNDS,
  SCAN,
  SCAN_SPACE,
  SEEDED_LINKS,
  WORKER_NICENESS,
} from './settings';
import { edgeCounts } from './settle';

async function main(): Promise<void> {
  process.stdout.write(`setting up a database (migrations, ${SEEDED_LINKS} links)…\n`);
  const db = await createBenchDatabase();
  const { databaseUrl, prefix, pool, domains } = db;
  const redis = new Redis(REDIS_URL);
  const children: ChildProcess[] = [];
  const rounds: Row[][] = [];
  const once: Row[] = [];
  try {
    for (let from = 1; from <= SEEDED_LINKS; from += 2000) {
      await pool.query(
        `INSERT INTO links (workspace_id, domain_id, slug, destination_url)
         SELECT $1, $2, 'm' || g, 'https://example.com/m/' || g FROM generate_series($3::int, $4::int) g`,
        [db.workspaceId, domains.linkDomainId, from, Math.min(from + 1999, SEEDED_LINKS)],
      );
    }
    await pool.query('ANALYZE links');
    const bareKey = `${prefix}bare`;
    await redis.set(bareKey, 'https://example.com/landing');
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'error',
      LINK_HOST,
      BIO_HOST,
      EDGE_CAPTURE: 'on',
    };
    const [ceilingPort, barePort, edgePort, plainPort, edgeMetricsPort, plainMetricsPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const ceiling = spawnNode(
      'bench/redirect/ceiling-server.ts',
      { PORT: String(ceilingPort) },
      { pinned: true },
    );
    const bare = spawnNode(
      'bench/visit/bare-hono-server.ts',
      { PORT: String(barePort), REDIS_URL, BARE_KEY: bareKey },
      { pinned: true },
    );
    const edge = spawnNode(
      'edge/src/main.ts',
      { ...env, PORT: String(edgePort), METRICS_PORT: String(edgeMetricsPort) },
      { pinned: true },
    );
    const plain = spawnNode(
      'edge/src/main.ts',
      { ...env, PORT: String(plainPort), METRICS_PORT: String(plainMetricsPort), EDGE_SLUG_FILTER: 'off' },
      { pinned: true },
    );
    const worker = spawnNode('bench/visit/consumer-process.ts', env, {
      pinned: false,
      niceness: WORKER_NICENESS,
    });
    children.push(ceiling, bare, edge, plain, worker);
    await waitUntil(async () => (await get(ceilingPort, 'x', '/')).status === 302, 'the ceiling server');
    await waitUntil(async () => (await get(barePort, 'x', '/')).status === 302, 'the bare Hono server');
    for (const port of [edgePort, plainPort]) {
      await waitUntil(async () => (await get(port, 'localhost', '/healthz')).status === 200, 'the edge');
      await waitUntil(async () => (await get(port, LINK_HOST, '/hit')).status === 302, 'the warm cache');
    }
    let probe = 0;
    await waitUntil(async () => {
      probe += 1;
      await get(edgePort, LINK_HOST, `/probe-${probe}`);
      return (await edgeCounts(edgeMetricsPort)).filterAbsent > 0;
    }, 'the slug filter to be built');

    const mix = visitorMixScript(LINK_HOST, '/hit');
    const visitors = () => mix;
    const distinct = (tag: string) => (phase: 'warm' | 'run') =>
      sequentialSlugScript(LINK_HOST, `${tag}${phase === 'warm' ? 'w' : 'r'}`);
    const at = (child: ChildProcess, port: number, host: string, pathname: string): Server => ({
      child,
      port,
      host,
      pathname,
    });
    for (let round = 1; round <= ROUNDS; round += 1) {
      process.stdout.write(`round ${round}/${ROUNDS}\n`);
      rounds.push([
        await measure(
          { scenario: CEILING, server: at(ceiling, ceilingPort, 'x', '/'), script: visitors },
          redis,
          pool,
          prefix,
        ),
        await measure(
          { scenario: BARE, server: at(bare, barePort, 'x', '/'), script: visitors },
          redis,
          pool,
          prefix,
        ),
        await measure(
          {
            scenario: HIT,
            server: at(edge, edgePort, LINK_HOST, '/hit'),
            script: visitors,
            worker,
            edgeMetricsPort,
          },
          redis,
          pool,
          prefix,
        ),
        await measure(
          {
            scenario: MISS,
            server: at(edge, edgePort, LINK_HOST, '/'),
            script: distinct(`zz${round}`),
            worker,
            edgeMetricsPort,
          },
          redis,
          pool,
          prefix,
        ),
        await measure(
          {
            scenario: SCAN,
            server: at(edge, edgePort, LINK_HOST, '/'),
            script: (phase) =>
              randomSlugScript(LINK_HOST, 'm', SCAN_SPACE, phase === 'warm' ? 1000 + round : round),
            worker,
            edgeMetricsPort,
          },
          redis,
          pool,
          prefix,
        ),
      ]);
    }
    once.push(
      await measure(
        {
          scenario: MISS_BEFORE,
          server: at(plain, plainPort, LINK_HOST, '/'),
          script: distinct('yy'),
          worker,
          edgeMetricsPort: plainMetricsPort,
        },
        redis,
        pool,
        prefix,
      ),
    );
  } finally {
    for (const child of children) await stop(child);
    const keys = await redis.keys(`${prefix}*`);
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
    redis.disconnect();
    await db.drop();
  }
  report(rounds, once);
}

await main();
