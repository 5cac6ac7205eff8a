import type { RollupIncrement, UniqueVisitorDay } from './aggregate';
import { intArrayLiteral, textArrayLiteral } from './array-literal';
import { isHashHex } from './hex';

export type WorkspaceTotal = Pick<
  RollupIncrement,
  'workspace_id' | 'bucket_start' | 'clicks' | 'scans' | 'page_views' | 'bot_events'
>;

/** The `all` increments summed per (workspace, hour), sorted by that key (concurrent upserts take the rows in one order). */
export function workspaceTotals(rollups: readonly RollupIncrement[]): WorkspaceTotal[] {
  const sums = new Map<string, WorkspaceTotal>();
  for (const r of rollups) {
    if (r.dimension !== 'all') continue;
    const key = `${r.workspace_id}|${r.bucket_start}`;
    const sum = sums.get(key);
    if (sum) {
      sum.clicks += r.clicks;
      sum.scans += r.scans;
      sum.page_views += r.page_views;
      sum.bot_events += r.bot_events;
    } else {
      sums.set(key, {
        workspace_id: r.workspace_id,
        bucket_start: r.bucket_start,
        clicks: r.clicks,
        scans: r.scans,
        page_views: r.page_views,
        bot_events: r.bot_events,
      });
    }
  }
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

const NEEDS_ESCAPE = /['\\]/;

/** A string as an escape-string constant (`E'…'`): the same meaning whatever standard_conforming_strings says. */
export function sqlString(text: string): string {
  return `E'${NEEDS_ESCAPE.test(text) ? text.replace(/\\/g, '\\\\').replace(/'/g, "''") : text}'`;
}

const texts = (values: readonly string[], type: string) =>
  `${sqlString(textArrayLiteral(values))}::${type}[]`;
const ints = (values: readonly number[]) => `'${intArrayLiteral(values)}'::bigint[]`;
const positions = (values: readonly number[]) => `'${intArrayLiteral(values)}'::int[]`;

/**
 * The visitor days as one INSERT: per run of one (workspace, resource, day) in the given order, the
 * three as constants and the run's 16-byte hashes as one bytea sliced by generate_series. Each element
 * of unnested text arrays (two UUIDs, a date and a hex hash per row) cost PostgreSQL ~4 µs more per row
 * (D-377). The rows are inserted in the given (sorted) order, as before: a nested loop over the VALUES
 * then each run's series.
 */
export function visitorDaysStatement(uniques: readonly UniqueVisitorDay[]): string {
  const runs: string[] = [];
  let start = 0;
  while (start < uniques.length) {
    const first = uniques[start];
    if (first === undefined) break;
    let end = start;
    let hex = '';
    for (; end < uniques.length; end += 1) {
      const u = uniques[end];
      if (
        u === undefined ||
        u.resource_id !== first.resource_id ||
        u.event_date !== first.event_date ||
        u.workspace_id !== first.workspace_id
      )
        break;
      // stored rows only (their COPY or INSERT passed the 16-byte CHECK): anything else is a bug here
      if (!isHashHex(u.visitor_hash)) throw new Error('visitor day: the hash is not 32 hex digits');
      hex += u.visitor_hash;
    }
    runs.push(
      `(${sqlString(first.workspace_id)}::uuid, ${sqlString(first.resource_id)}::uuid, ${sqlString(first.event_date)}::date, decode('${hex}', 'hex'))`,
    );
    start = end;
  }
  return `INSERT INTO analytics_unique_visitor_days (workspace_id, resource_id, event_date, visitor_hash)
SELECT g.w, g.r, g.d, substring(g.b FROM 1 + 16 * i FOR 16)
  FROM (VALUES ${runs.join(',\n  ')}) AS g(w, r, d, b)
  CROSS JOIN LATERAL generate_series(0, octet_length(g.b) / 16 - 1) AS i
ON CONFLICT (resource_id, event_date, visitor_hash) DO NOTHING`;
}

/** Each value's 1-based position among the distinct values given so far (the SQL indexes that array). */
function createDictionary() {
  const position = new Map<string, number>();
  return {
    at(value: string): number {
      let at = position.get(value);
      if (at === undefined) {
        at = position.size + 1;
        position.set(value, at);
      }
      return at;
    },
    values: (): string[] => [...position.keys()],
  };
}

/**
 * The rollup increments (per resource, and per workspace for `all`) and visitor days of one batch as plain SQL statements (values inline, as
 * array constants), so they go with the COMMIT in one message: one round trip instead of three,
 * and the rollup rows stay locked for less time while another consumer waits on them. A batch's
 * rows name a few ids and hours many times: each is sent once, in `k.ids` and `k.hours`, and a row
 * carries its positions there (D-445: a third of the bytes, and PostgreSQL parses each UUID and
 * time once instead of once per row).
 */
export function rollupStatements(
  rollups: readonly RollupIncrement[],
  uniques: readonly UniqueVisitorDay[],
): string[] {
  const statements: string[] = [];
  const totals = workspaceTotals(rollups);
  if (rollups.length > 0) {
    const ids = createDictionary();
    const hours = createDictionary();
    const dictionary = () =>
      `(SELECT ${texts(ids.values(), 'uuid')} AS ids, ${texts(hours.values(), 'timestamptz')} AS hours) AS k`;
    const resources = rollups.map((r) => ids.at(r.resource_id));
    const workspaces = rollups.map((r) => ids.at(r.workspace_id));
    const buckets = rollups.map((r) => hours.at(r.bucket_start));
    const totalWorkspaces = totals.map((r) => ids.at(r.workspace_id));
    const totalBuckets = totals.map((r) => hours.at(r.bucket_start));
    statements.push(`INSERT INTO analytics_rollup_hourly AS h (workspace_id, resource_id, resource_type, bucket_start, dimension, value, clicks, scans, page_views, bot_events)
SELECT k.ids[t.w], k.ids[t.r], t.rt, k.hours[t.b], t.d, t.v, t.c, t.s, t.p, t.bo FROM ${dictionary()}
  CROSS JOIN unnest(${positions(workspaces)}, ${positions(resources)}, ${texts(
    rollups.map((r) => r.resource_type),
    'text',
  )}, ${positions(buckets)}, ${texts(
    rollups.map((r) => r.dimension),
    'text',
  )}, ${texts(
    rollups.map((r) => r.value),
    'text',
  )},
  ${ints(rollups.map((r) => r.clicks))}, ${ints(rollups.map((r) => r.scans))}, ${ints(rollups.map((r) => r.page_views))}, ${ints(rollups.map((r) => r.bot_events))}) AS t(w, r, rt, b, d, v, c, s, p, bo)
ON CONFLICT (workspace_id, resource_id, bucket_start, dimension, value) DO UPDATE SET
  clicks = h.clicks + EXCLUDED.clicks, scans = h.scans + EXCLUDED.scans,
  page_views = h.page_views + EXCLUDED.page_views, bot_events = h.bot_events + EXCLUDED.bot_events, updated_at = now()`);
    if (totals.length > 0)
      statements.push(`INSERT INTO analytics_rollup_workspace_hourly AS w (workspace_id, bucket_start, clicks, scans, page_views, bot_events)
SELECT k.ids[t.w], k.hours[t.b], t.c, t.s, t.p, t.bo FROM ${dictionary()}
  CROSS JOIN unnest(${positions(totalWorkspaces)}, ${positions(totalBuckets)},
  ${ints(totals.map((r) => r.clicks))}, ${ints(totals.map((r) => r.scans))}, ${ints(totals.map((r) => r.page_views))}, ${ints(totals.map((r) => r.bot_events))}) AS t(w, b, c, s, p, bo)
ON CONFLICT (workspace_id, bucket_start) DO UPDATE SET
  clicks = w.clicks + EXCLUDED.clicks, scans = w.scans + EXCLUDED.scans,
  page_views = w.page_views + EXCLUDED.page_views, bot_events = w.bot_events + EXCLUDED.bot_events, updated_at = now()`);
  }
  if (uniques.length > 0) statements.push(visitorDaysStatement(uniques));
  return statements;
}
