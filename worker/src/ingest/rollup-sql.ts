import type { RollupIncrement, UniqueVisitorDay } from './aggregate';
import { intArrayLiteral, textArrayLiteral } from './array-literal';

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

/**
 * The rollup increments (per resource, and per workspace for `all`) and visitor days of one batch as plain SQL statements (values inline, as
 * array constants), so they go with the COMMIT in one message: one round trip instead of three,
 * and the rollup rows stay locked for less time while another consumer waits on them.
 */
export function rollupStatements(
  rollups: readonly RollupIncrement[],
  uniques: readonly UniqueVisitorDay[],
): string[] {
  const statements: string[] = [];
  if (rollups.length > 0) {
    statements.push(`INSERT INTO analytics_rollup_hourly AS h (workspace_id, resource_id, resource_type, bucket_start, dimension, value, clicks, scans, page_views, bot_events)
SELECT * FROM unnest(${texts(
      rollups.map((r) => r.workspace_id),
      'uuid',
    )}, ${texts(
      rollups.map((r) => r.resource_id),
      'uuid',
    )}, ${texts(
      rollups.map((r) => r.resource_type),
      'text',
    )},
  ${texts(
    rollups.map((r) => r.bucket_start),
    'timestamptz',
  )}, ${texts(
    rollups.map((r) => r.dimension),
    'text',
  )}, ${texts(
    rollups.map((r) => r.value),
    'text',
  )},
  ${ints(rollups.map((r) => r.clicks))}, ${ints(rollups.map((r) => r.scans))}, ${ints(rollups.map((r) => r.page_views))}, ${ints(rollups.map((r) => r.bot_events))})
ON CONFLICT (workspace_id, resource_id, bucket_start, dimension, value) DO UPDATE SET
  clicks = h.clicks + EXCLUDED.clicks, scans = h.scans + EXCLUDED.scans,
  page_views = h.page_views + EXCLUDED.page_views, bot_events = h.bot_events + EXCLUDED.bot_events, updated_at = now()`);
  }
  const totals = workspaceTotals(rollups);
  if (totals.length > 0) {
    statements.push(`INSERT INTO analytics_rollup_workspace_hourly AS w (workspace_id, bucket_start, clicks, scans, page_views, bot_events)
SELECT * FROM unnest(${texts(
      totals.map((r) => r.workspace_id),
      'uuid',
    )}, ${texts(
      totals.map((r) => r.bucket_start),
      'timestamptz',
    )},
  ${ints(totals.map((r) => r.clicks))}, ${ints(totals.map((r) => r.scans))}, ${ints(totals.map((r) => r.page_views))}, ${ints(totals.map((r) => r.bot_events))})
ON CONFLICT (workspace_id, bucket_start) DO UPDATE SET
  clicks = w.clicks + EXCLUDED.clicks, scans = w.scans + EXCLUDED.scans,
  page_views = w.page_views + EXCLUDED.page_views, bot_events = w.bot_events + EXCLUDED.bot_events, updated_at = now()`);
  }
  if (uniques.length > 0) {
    statements.push(`INSERT INTO analytics_unique_visitor_days (workspace_id, resource_id, event_date, visitor_hash)
SELECT w, r, d, decode(v, 'hex') FROM unnest(${texts(
      uniques.map((u) => u.workspace_id),
      'uuid',
    )}, ${texts(
      uniques.map((u) => u.resource_id),
      'uuid',
    )},
  ${texts(
    uniques.map((u) => u.event_date),
    'date',
  )}, ${texts(
    uniques.map((u) => u.visitor_hash),
    'text',
  )}) AS t(w, r, d, v)
ON CONFLICT (resource_id, event_date, visitor_hash) DO NOTHING`);
  }
  return statements;
}
