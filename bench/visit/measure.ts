import type { ChildProcess } from 'node:child_process';
import type { Redis } from 'ioredis';
import type { createBenchDatabase } from '../redirect/bench-db';
import { runWrk, type WrkResult } from '../redirect/wrk';
import { pgSnapshot, pgSpentUs, processCpuUs, redisCpuUs } from './cpu';
import { CONNECTIONS, LOAD_CPU, PINNED, SECONDS, WARMUP_SECONDS } from './settings';
import { edgeCounts, settle } from './settle';

/** One run of one row: wrk against a server, with the CPU each process spent on it. */
export type Cpu = { edge: number; redis: number; worker: number; postgres: number };
export type Row = {
  scenario: string;
  result: WrkResult;
  cpuUs: Cpu;
  queries: number | null;
  filtered: number | null;
};

export type Server = { child: ChildProcess; port: number; host: string; pathname: string };
/** `script` gives the wrk script of the warm-up and of the measured run (distinct misses need fresh slugs in each). */
export type Measured = {
  scenario: string;
  server: Server;
  script?: (phase: 'warm' | 'run') => string;
  worker?: ChildProcess;
  /** The edge's METRICS_PORT, to read its lookup counts. */
  edgeMetricsPort?: number;
};

export const totalCpu = (c: Cpu) => c.edge + c.redis + c.worker + c.postgres;

export async function measure(
  m: Measured,
  redis: Redis,
  pool: Awaited<ReturnType<typeof createBenchDatabase>>['pool'],
  prefix: string,
): Promise<Row> {
  const { server } = m;
  const url = `http://127.0.0.1:${server.port}${server.pathname}`;
  const cpu = PINNED ? LOAD_CPU : undefined;
  runWrk({
    url,
    host: server.host,
    seconds: WARMUP_SECONDS,
    connections: CONNECTIONS,
    script: m.script?.('warm'),
    cpu,
  });
  if (m.worker) await settle(m.worker, redis, prefix);
  const counts = m.edgeMetricsPort === undefined ? null : await edgeCounts(m.edgeMetricsPort);
  const before = {
    edge: processCpuUs(server.child.pid),
    worker: processCpuUs(m.worker?.pid),
    redis: await redisCpuUs(redis),
    pg: await pgSnapshot(pool),
  };
  const result = runWrk({
    url,
    host: server.host,
    seconds: SECONDS,
    connections: CONNECTIONS,
    script: m.script?.('run'),
    cpu,
  });
  if (m.worker) await settle(m.worker, redis, prefix);
  const after = {
    edge: processCpuUs(server.child.pid),
    worker: processCpuUs(m.worker?.pid),
    redis: await redisCpuUs(redis),
    pg: await pgSnapshot(pool),
  };
  const countsAfter = m.edgeMetricsPort === undefined ? null : await edgeCounts(m.edgeMetricsPort);
  const per = (us: number) => us / result.requests;
  const row: Row = {
    scenario: m.scenario,
    result,
    cpuUs: {
      edge: per(after.edge - before.edge),
      worker: per(after.worker - before.worker),
      redis: per(after.redis - before.redis),
      postgres: per(pgSpentUs(before.pg, after.pg)),
    },
    queries: counts && countsAfter ? countsAfter.dbLookups - counts.dbLookups : null,
    filtered: counts && countsAfter ? countsAfter.filterAbsent - counts.filterAbsent : null,
  };
  process.stdout.write(
    `  ${m.scenario}: ${result.rps.toFixed(0)} req/s, edge ${row.cpuUs.edge.toFixed(0)} µs CPU/request${row.queries === null ? '' : `, ${row.queries} PostgreSQL queries`}\n`,
  );
  return row;
}
