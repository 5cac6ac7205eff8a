/**
 * The node side of one ingest write, stage by stage, without PostgreSQL: µs of CPU per
 * event for the stream parse (the reference per-event parse beside entryRows), the batch aggregate,
 * the COPY bytes (binary format), the seen-visitor-days filter and the rollup SQL (the aggregate also as
 * in steady traffic, every visitor day already seen), over batch entries shaped
 * like bench/visit's (one link, a distinct visitor hash per event, the visitor mix's 20 User-Agents and
 * countries), in a process that has loaded ioredis as the worker has. Trials alternate; medians.
 *   npx tsx bench/ingest/stage-cost.ts [--events 4000] [--trials 15] [--resources 1]
 */
import { createHash, randomUUID } from 'node:crypto';
// Loaded as in the worker, so this bench runs in the worker's V8 state: unpatched, ioredis 6 left
// String.prototype in dictionary mode and each charCodeAt 7× slower there, and not here (D-435).
import 'ioredis';
import {
  CAPTURE_BATCH_MAX_EVENTS,
  toBatchStreamFields,
  type AnalyticsEvent,
} from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { aggregateBatch } from '../../worker/src/ingest/aggregate';
import { CopyBinaryWriter } from '../../worker/src/ingest/copy-binary';
import { entryRows, referenceRows } from '../../worker/src/ingest/entry-rows';
import { rollupStatements } from '../../worker/src/ingest/rollup-sql';
import { createSeenVisitorDays } from '../../worker/src/ingest/seen-visitor-days';
import { median } from '../median';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const EVENTS = arg('--events', 4000);
const TRIALS = arg('--trials', 15);
const ws = randomUUID();
/** `--resources N`: the events go round N links in turn (a busy edge's batch mixes the visits of many links). */
const links = Array.from({ length: Math.max(1, arg('--resources', 1)) }, () => randomUUID());
const countries = ['FR', 'DE', 'US', 'GB', 'ES', 'IT', 'NL', 'BR', 'IN', 'JP'];
const browsers = ['Chrome', 'Mobile Safari', 'Firefox', 'Samsung Internet', 'Edge', 'Instagram', 'Facebook'];
const oses = ['Windows', 'Mac OS', 'iOS', 'Android', 'Linux', 'Chrome OS'];
const referrers = [null, 'instagram.com', 'google.com', 't.co'];
/** bench/visit's visitor mix: each event its own visitor (of 65,536), one of 20 User-Agents. */
const uaHashes = Array.from({ length: 20 }, (_, i) =>
  createHash('sha256').update(`ua|${i}`).digest('hex').slice(0, 32),
);
const entries: Array<{ id: string; fields: string[] }> = [];
const start = Date.now();
for (let k = 0; k < EVENTS; k += CAPTURE_BATCH_MAX_EVENTS) {
  const events: AnalyticsEvent[] = [];
  for (let n = k; n < Math.min(EVENTS, k + CAPTURE_BATCH_MAX_EVENTS); n += 1) {
    events.push(
      testEvent(
        {
          workspace_id: ws,
          resource_id: links[n % links.length] ?? ws,
          occurred_at: new Date(start + n / 10).toISOString(),
          country_code: countries[n % 10] ?? null,
          region_code: null,
          device_type: n % 3 === 0 ? 'desktop' : 'mobile',
          os_family: oses[n % 6] ?? null,
          browser_family: browsers[n % 7] ?? null,
          referrer_host: referrers[n % 4] ?? null,
          language: n % 2 === 0 ? 'en' : 'de',
          is_bot: n % 20 === 0,
          ua_hash: uaHashes[n % 20] ?? '',
        },
        `visitor-${n}`,
      ),
    );
  }
  entries.push({ id: `${start}-${k}`, fields: toBatchStreamFields(events) });
}

const cpuUs = (f: () => unknown): number => {
  const before = process.cpuUsage();
  f();
  const spent = process.cpuUsage(before);
  return spent.user + spent.system;
};
const stages: Record<string, number[]> = {};
const record = (name: string, us: number) => (stages[name] ??= []).push(us / EVENTS);
const binary = new CopyBinaryWriter();
const rows = entries.flatMap((e) => entryRows(e.id, e.fields).rows);
/** bench/visit's steady state: its 65,536 visitors come back within seconds, so the worker has seen most visitor days. */
const seenAll = createSeenVisitorDays();
seenAll.addAll(aggregateBatch(rows).uniques);
for (let t = 0; t < TRIALS; t += 1) {
  record(
    'parse: reference (per event)',
    cpuUs(() => entries.map((e) => referenceRows(e.id, e.fields))),
  );
  record(
    'parse: entryRows (runs once)',
    cpuUs(() => entries.map((e) => entryRows(e.id, e.fields))),
  );
  record(
    'aggregate',
    cpuUs(() => aggregateBatch(rows)),
  );
  record(
    'aggregate, visitor days seen',
    cpuUs(() => aggregateBatch(rows, seenAll)),
  );
  record(
    'COPY bytes (binary)',
    cpuUs(() => binary.write(rows, Date.now())),
  );
  const agg = aggregateBatch(rows);
  const seen = createSeenVisitorDays();
  record(
    'visitor days: seen filter+add',
    cpuUs(() => seen.addAll(agg.uniques.filter((u) => !seen.has(u)))),
  );
  record(
    'rollup SQL',
    cpuUs(() => rollupStatements(agg.rollups, agg.uniques)),
  );
}
console.log(
  `${EVENTS} events in ${entries.length} entries, ${TRIALS} alternating trials: median µs of CPU per event`,
);
for (const [name, values] of Object.entries(stages))
  console.log(`${name.padEnd(30)} ${median(values).toFixed(2)}`);
