import type { ChildProcess } from 'node:child_process';
import type { Redis } from 'ioredis';
import { INGEST_GROUP } from '@linkhub/shared/server/analytics/ingest-health';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { get, waitUntil } from './processes';

/** The edge's counts bench/visit reads between runs, from its private Prometheus listener (not the public /healthz). */
const COUNTERS = {
  dbLookups: 'linkhub_edge_db_lookups_total',
  filterAbsent: 'linkhub_edge_filter_absent_total',
};
export async function edgeCounts(metricsPort: number): Promise<{ dbLookups: number; filterAbsent: number }> {
  const text = (await get(metricsPort, 'localhost', '/metrics')).body;
  const counter = (name: string) => {
    // `name{service="edge"} 12`: the sample's value is the line's last field.
    const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
    if (line === undefined) throw new Error(`the edge's /metrics has no ${name}`);
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  };
  return { dbLookups: counter(COUNTERS.dbLookups), filterAbsent: counter(COUNTERS.filterAbsent) };
}

/** The worker's queued summary refreshes done (it answers `idle` over IPC). */
function workerIdle(worker: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    const done = (message: unknown) => {
      if (message !== 'idle') return;
      worker.off('message', done);
      resolve();
    };
    worker.on('message', done);
    worker.send('idle');
  });
}

/** Everything a run captured is committed, and the summary refreshes it queued have run. */
export async function settle(worker: ChildProcess, redis: Redis, prefix: string): Promise<void> {
  await waitUntil(() => drained(redis, prefix), 'the worker to drain');
  await workerIdle(worker);
}

/** Every captured event committed: the group has nothing unread and nothing pending. */
async function drained(redis: Redis, prefix: string): Promise<boolean> {
  const groups = (await redis.call('XINFO', 'GROUPS', clicksStreamKey(prefix))) as unknown[];
  for (const group of groups) {
    if (!Array.isArray(group)) continue;
    const fields = new Map<string, unknown>();
    for (let i = 0; i + 1 < group.length; i += 2) fields.set(String(group[i]), group[i + 1]);
    if (fields.get('name') !== INGEST_GROUP) continue;
    return Number(fields.get('pending')) === 0 && Number(fields.get('lag') ?? 0) === 0;
  }
  return false;
}
