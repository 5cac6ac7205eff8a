import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { Gauge, type Registry } from 'prom-client';
import { INGEST_GROUP } from '@linkhub/shared/server/analytics/ingest-health';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import type { JobProducer } from '@linkhub/shared/server/jobs/producer';
import type { QueueName } from '@linkhub/shared/jobs/queues';
import { createServiceRegistry } from '@linkhub/shared/metrics/registry';

export type WorkerMetricsDeps = {
  /** The queue Redis (BullMQ and `clicks:raw`). */
  redis: RedisClient;
  prefix: string;
  /** Reads each queue's counts (the worker's producer: one BullMQ Queue per name). */
  jobs: Pick<JobProducer, 'queue'>;
  queues: readonly QueueName[];
};

/** The job states a queue's depth is reported in. */
const JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

export type StreamLag = {
  length: number;
  /** Entries not yet delivered to the ingest group (Redis' XINFO GROUPS `lag`). */
  lagEntries: number;
  /** Delivered but not yet acknowledged. */
  pendingEntries: number;
  /** Age of the oldest entry the group has not read yet (0 when it has read everything). */
  ingestLagSeconds: number;
};

function fieldOf(info: readonly unknown[], name: string): unknown {
  const at = info.indexOf(name);
  return at >= 0 ? info[at + 1] : undefined;
}

/** `clicks:raw` as the ingest sees it, read from Redis alone (ages on Redis' clock, like the health check). */
export async function readStreamLag(redis: RedisClient, prefix: string): Promise<StreamLag> {
  const stream = clicksStreamKey(prefix);
  const length = await redis.xlen(stream);
  if (length === 0) return { length: 0, lagEntries: 0, pendingEntries: 0, ingestLagSeconds: 0 };
  const groups: unknown = await redis.call('XINFO', 'GROUPS', stream);
  const group = Array.isArray(groups)
    ? groups.find((g): g is unknown[] => Array.isArray(g) && fieldOf(g, 'name') === INGEST_GROUP)
    : undefined;
  if (group === undefined) {
    const first: unknown = await redis.call('XRANGE', stream, '-', '+', 'COUNT', '1');
    return { length, lagEntries: length, pendingEntries: 0, ingestLagSeconds: await ageOf(redis, first) };
  }
  const lag = fieldOf(group, 'lag');
  const pending = fieldOf(group, 'pending');
  const lastDelivered = fieldOf(group, 'last-delivered-id');
  const next: unknown =
    typeof lastDelivered === 'string'
      ? await redis.call('XRANGE', stream, `(${lastDelivered}`, '+', 'COUNT', '1')
      : [];
  return {
    length,
    lagEntries: typeof lag === 'number' ? lag : 0,
    pendingEntries: typeof pending === 'number' ? pending : 0,
    ingestLagSeconds: await ageOf(redis, next),
  };
}

/** Seconds since the first entry of an XRANGE reply was added (0 for an empty reply). */
async function ageOf(redis: RedisClient, reply: unknown): Promise<number> {
  const id = Array.isArray(reply) && Array.isArray(reply[0]) ? reply[0][0] : undefined;
  if (typeof id !== 'string') return 0;
  const [seconds, micros] = await redis.time();
  const nowMs = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  return Math.max(0, (nowMs - Number(id.split('-')[0])) / 1000);
}

/**
 * The worker's registry: process defaults, each BullMQ queue's depth by state, and the click
 * stream's length, lag, pending entries and ingest lag — all read from Redis when Prometheus
 * scrapes, never counted on the way. A scrape while Redis is down reports the defaults only.
 */
export function createWorkerMetrics(deps: WorkerMetricsDeps): Registry {
  const registry = createServiceRegistry('worker');
  new Gauge({
    name: 'linkhub_queue_jobs',
    help: 'BullMQ jobs per queue and state, read at scrape time.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      const perQueue = await Promise.all(
        deps.queues.map(async (name) => ({
          name,
          counts: await deps.jobs
            .queue(name)
            .getJobCounts(...JOB_STATES)
            .catch(() => null),
        })),
      );
      for (const { name, counts } of perQueue) {
        if (counts === null) continue;
        for (const state of JOB_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
      }
    },
  });
  let lag: Promise<StreamLag | null> | null = null;
  /** One read of the stream per scrape, shared by the four gauges below. */
  function streamLag(): Promise<StreamLag | null> {
    lag ??= readStreamLag(deps.redis, deps.prefix)
      .catch(() => null)
      .finally(() => setTimeout(() => (lag = null), 0).unref());
    return lag;
  }
  const streamGauges: ReadonlyArray<[string, string, (s: StreamLag) => number]> = [
    ['linkhub_stream_length', 'Entries in clicks:raw.', (s) => s.length],
    [
      'linkhub_stream_lag_entries',
      'clicks:raw entries not yet delivered to the ingest group.',
      (s) => s.lagEntries,
    ],
    [
      'linkhub_stream_pending_entries',
      'clicks:raw entries delivered to the ingest but not yet acknowledged.',
      (s) => s.pendingEntries,
    ],
    [
      'linkhub_ingest_lag_seconds',
      'Age of the oldest clicks:raw entry the ingest has not read yet (0 when caught up).',
      (s) => s.ingestLagSeconds,
    ],
  ];
  for (const [name, help, read] of streamGauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const current = await streamLag();
        if (current === null) this.reset();
        else this.set(read(current));
      },
    });
  }
  return registry;
}
