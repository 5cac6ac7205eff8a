/**
 * PostgreSQL's side of the ingest write (D-375..D-377): CPU of the backend per row COPYed (as
 * the ingest COPYs) into a table shaped like click_events with each index set, and per new visitor day
 * inserted in each statement form; same rows, trials alternating, medians. A throwaway database.
 *   npx tsx bench/ingest/index-cost.ts [--rows 100000] [--trials 5] [--batch 1000] [--sets 'now,PK'] [--days]
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  CAPTURE_BATCH_MAX_EVENTS,
  toBatchStreamFields,
  type AnalyticsEvent,
} from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { copyEvents } from '../../worker/src/ingest/copy-events';
import { entryRows } from '../../worker/src/ingest/entry-rows';
import type { ClickRow } from '../../worker/src/ingest/click-row';
import { visitorDaysStatement } from '../../worker/src/ingest/rollup-sql';
import type { UniqueVisitorDay } from '../../worker/src/ingest/aggregate';
import { median } from '../median';
import { readFile } from 'node:fs/promises';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('--rows', 100_000);
const TRIALS = arg('--trials', 5);
const BATCH = arg('--batch', 1000);
/** `--sets a,b`: only the index sets whose names contain one of these (and no visitor-day forms unless `--days`). */
const SETS = process.argv.includes('--sets')
  ? (process.argv[process.argv.indexOf('--sets') + 1] ?? '').split(',')
  : null;
const DAYS = SETS === null || process.argv.includes('--days');
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** click_events as migrations 0173 (no regex CHECKs), 0175 (no per-event key) and 0176 (no stream id, no ingest time) left it. */
const COLUMNS = `id uuid NOT NULL, occurred_at timestamptz NOT NULL,
  event_type text NOT NULL CHECK (event_type IN ('click', 'scan', 'page_view')), workspace_id uuid NOT NULL,
  resource_type text NOT NULL CHECK (resource_type IN ('link', 'qr_code', 'bio_page', 'bio_block')),
  resource_id uuid NOT NULL, parent_resource_id uuid,
  visitor_hash bytea NOT NULL CHECK (octet_length(visitor_hash) = 16), ua_hash bytea CHECK (octet_length(ua_hash) = 16),
  country_code text, region_code text CHECK (char_length(region_code) <= 8),
  device_type text CHECK (char_length(device_type) <= 32), os_family text CHECK (char_length(os_family) <= 64),
  browser_family text CHECK (char_length(browser_family) <= 64), referrer_host text CHECK (char_length(referrer_host) <= 253),
  utm_source text, utm_medium text, utm_campaign text, utm_term text, utm_content text, variant_id uuid,
  fallback_stage smallint CHECK (fallback_stage BETWEEN 1 AND 4), is_bot boolean NOT NULL DEFAULT false,
  language text`;

/**
 * Index sets on that table. The sets measured before (keys on stream_message_id, the regex CHECKs; figures
 * in bench/README.md) were left out with the columns they indexed: this file at 02b7b7d still has them.
 */
const VARIANTS: Record<string, string[]> = {
  'heap only, no keys': [],
  'now: ws + variant-only res (0172, 0175)': [
    'CREATE INDEX ON t (resource_id, occurred_at) WHERE variant_id IS NOT NULL',
    'CREATE INDEX ON t (workspace_id, occurred_at)',
  ],
  // the two columns 0176 dropped, as the ingest filled them (a stream id of ~24 bytes, the insert time)
  'before 0176: now + stream_message_id, ingested_at': [
    'CREATE INDEX ON t (resource_id, occurred_at) WHERE variant_id IS NOT NULL',
    'CREATE INDEX ON t (workspace_id, occurred_at)',
    `ALTER TABLE t ADD COLUMN stream_message_id text COLLATE "C" NOT NULL DEFAULT '1764900000000-12345:123',
       ADD COLUMN ingested_at timestamptz NOT NULL DEFAULT now()`,
  ],
  'PK id + 2 read': [
    'ALTER TABLE t ADD PRIMARY KEY (id, occurred_at)',
    'CREATE INDEX ON t (resource_id, occurred_at)',
    'CREATE INDEX ON t (workspace_id, occurred_at)',
  ],
};

async function backendCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

function makeRows(): ClickRow[] {
  const ws = randomUUID();
  const links = Array.from({ length: 20 }, () => randomUUID());
  const countries = ['FR', 'DE', 'US', 'GB', 'ES', 'IT', 'NL', 'BR', 'IN', 'JP'];
  const rows: ClickRow[] = [];
  const start = Date.now();
  for (let k = 0; k < ROWS; k += CAPTURE_BATCH_MAX_EVENTS) {
    const events: AnalyticsEvent[] = [];
    for (let n = k; n < Math.min(ROWS, k + CAPTURE_BATCH_MAX_EVENTS); n += 1)
      events.push(
        testEvent(
          {
            workspace_id: ws,
            resource_id: links[n % 20] ?? ws,
            occurred_at: new Date(start + n / 10).toISOString(),
            country_code: countries[n % 10] ?? null,
            language: 'en',
          },
          `visitor-${n}`,
        ),
      );
    rows.push(...entryRows(`${start + k}-0`, toBatchStreamFields(events)).rows);
  }
  return rows;
}

const VISITOR_DAYS = `CREATE TABLE v (workspace_id uuid NOT NULL, resource_id uuid NOT NULL, event_date date NOT NULL,
  visitor_hash bytea NOT NULL CHECK (octet_length(visitor_hash) = 16), created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (resource_id, event_date, visitor_hash));
CREATE INDEX ON v (workspace_id, event_date)`;

/** The visitor-days INSERT as the ingest sent it before D-377: four unnested text arrays. */
function unnestVisitorDays(days: readonly UniqueVisitorDay[]): string {
  const arr = (values: string[], type: string) => `'{${values.join(',')}}'::${type}[]`;
  return `INSERT INTO v (workspace_id, resource_id, event_date, visitor_hash)
SELECT w, r, d, decode(h, 'hex') FROM unnest(${arr(
    days.map((u) => u.workspace_id),
    'uuid',
  )}, ${arr(
    days.map((u) => u.resource_id),
    'uuid',
  )}, ${arr(
    days.map((u) => u.event_date),
    'date',
  )}, ${arr(
    days.map((u) => u.visitor_hash),
    'text',
  )}) AS t(w, r, d, h)
ON CONFLICT (resource_id, event_date, visitor_hash) DO NOTHING`;
}

/** The visitor days as runs like D-377's, each run's hashes one bytea[] constant unnested. */
function bytesArrayVisitorDays(days: readonly UniqueVisitorDay[]): string {
  const runs: string[] = [];
  for (let start = 0; start < days.length;) {
    const first = days[start];
    if (first === undefined) break;
    const hashes: string[] = [];
    let end = start;
    for (; end < days.length; end += 1) {
      const u = days[end];
      if (u === undefined || u.resource_id !== first.resource_id || u.event_date !== first.event_date) break;
      hashes.push(`"\\\\x${u.visitor_hash}"`);
    }
    runs.push(
      `('${first.workspace_id}'::uuid, '${first.resource_id}'::uuid, '${first.event_date}'::date, '{${hashes.join(',')}}'::bytea[])`,
    );
    start = end;
  }
  return `INSERT INTO v (workspace_id, resource_id, event_date, visitor_hash)
SELECT g.w, g.r, g.d, h FROM (VALUES ${runs.join(',\n  ')}) AS g(w, r, d, b) CROSS JOIN LATERAL unnest(g.b) AS h
ON CONFLICT (resource_id, event_date, visitor_hash) DO NOTHING`;
}

const runsOfBytea = (days: readonly UniqueVisitorDay[]) =>
  visitorDaysStatement(days).replace('INSERT INTO analytics_unique_visitor_days', 'INSERT INTO v');

/** Each form: the table it writes (VISITOR_DAYS unless given) and its statement. */
const DAY_FORMS: Record<
  string,
  { table?: string; statement: (days: readonly UniqueVisitorDay[]) => string }
> = {
  'visitor days: unnest text arrays (before)': { statement: unnestVisitorDays },
  'visitor days: runs of one bytea (D-377)': { statement: runsOfBytea },
  'visitor days: runs of a bytea[] constant': { statement: bytesArrayVisitorDays },
  // what each part of the table costs (information: the ws index serves the dashboard's uniques and retention)
  'visitor days: D-377, no ws index': {
    table: VISITOR_DAYS.replace('\nCREATE INDEX ON v (workspace_id, event_date)', ''),
    statement: runsOfBytea,
  },
  'visitor days: D-377, no CHECK, no created_at': {
    table: VISITOR_DAYS.replace(' CHECK (octet_length(visitor_hash) = 16)', '').replace(
      ', created_at timestamptz NOT NULL DEFAULT now()',
      '',
    ),
    statement: runsOfBytea,
  },
  'visitor days: D-377, no ON CONFLICT (D-420, rejected)': {
    statement: (days) =>
      visitorDaysStatement(days)
        .replace('INSERT INTO analytics_unique_visitor_days', 'INSERT INTO v')
        .replace('\nON CONFLICT (resource_id, event_date, visitor_hash) DO NOTHING', ''),
  },
};

async function main() {
  const admin = new pg.Pool({ connectionString: base, max: 1 });
  const db = `bench_index_cost_${process.pid}`;
  await admin.query(`CREATE DATABASE ${db}`);
  const url = new URL(base);
  url.pathname = `/${db}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  const rows = makeRows();
  const spent: Record<string, number[]> = {};
  try {
    const client = await pool.connect();
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0;
    for (let t = 0; t < TRIALS; t += 1) {
      for (const [name, ddl] of Object.entries(VARIANTS)) {
        if (SETS !== null && !SETS.some((part) => name.includes(part))) continue;
        await client.query('DROP TABLE IF EXISTS t');
        await client.query(`CREATE TABLE t (${COLUMNS})`);
        for (const statement of ddl) await client.query(statement);
        await client.query('CHECKPOINT').catch(() => undefined);
        const before = await backendCpuMs(pid);
        for (let k = 0; k < rows.length; k += BATCH) {
          await client.query('BEGIN');
          await copyEvents(client, rows.slice(k, k + BATCH), 't');
          await client.query('COMMIT');
        }
        (spent[name] ??= []).push((((await backendCpuMs(pid)) - before) * 1000) / rows.length);
      }
      if (!DAYS) continue;
      // every row a new visitor day (bench/visit's visitor mix: 65,536 addresses in turn)
      const days = rows
        .map((r) => ({
          workspace_id: r.subject.workspace_id,
          resource_id: r.subject.resource_id,
          event_date: r.occurred_at.toISOString().slice(0, 10),
          visitor_hash: r.visitor_hash,
        }))
        .sort((a, b) =>
          `${a.resource_id}|${a.visitor_hash}` < `${b.resource_id}|${b.visitor_hash}` ? -1 : 1,
        );
      for (const [name, { table, statement }] of Object.entries(DAY_FORMS)) {
        if (SETS !== null && !SETS.some((part) => name.includes(part))) continue;
        await client.query('DROP TABLE IF EXISTS v');
        await client.query(table ?? VISITOR_DAYS);
        const before = await backendCpuMs(pid);
        for (let k = 0; k < days.length; k += BATCH) await client.query(statement(days.slice(k, k + BATCH)));
        (spent[name] ??= []).push((((await backendCpuMs(pid)) - before) * 1000) / days.length);
      }
    }
    client.release();
  } finally {
    await pool.end();
    await admin.query(`DROP DATABASE ${db}`);
    await admin.end();
  }
  console.log(
    `${ROWS} rows, COPY batches of ${BATCH}, ${TRIALS} alternating trials: PostgreSQL backend µs of CPU per row (median)`,
  );
  for (const [name, values] of Object.entries(spent))
    console.log(
      `${name.padEnd(42)} ${median(values).toFixed(2)}   (${values.map((v) => v.toFixed(1)).join(' ')})`,
    );
}

await main();
