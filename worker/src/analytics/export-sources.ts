import type pg from 'pg';
import { z } from 'zod';
import { DASHBOARD_DIMENSIONS } from '@linkhub/shared/analytics/dashboard';
import { CSV_EVENT_COLUMNS } from '@linkhub/shared/analytics/event-fields';
import { ROLLUP_DIMENSIONS } from '@linkhub/shared/analytics/rollup-dimensions';

/**
 * The row sources of an analytics CSV export, as the dashboard view it was started from shows them:
 * the period, the resources (one, a set or the whole workspace) and every active filter. Each row
 * names its resource beside the id (title, short URL or handle), and the hourly rows count unique
 * visitors (distinct visitors of that hour, bots excluded, from the raw events the plan keeps).
 */
export const PAGE = 5000;

export const exportFiltersSchema = z.partialRecord(z.enum(DASHBOARD_DIMENSIONS), z.string().max(255));
export type ExportFilters = z.infer<typeof exportFiltersSchema>;

/** The event fields the export has (event-fields.ts, D-550), with each resource's name and address after its id. */
export const RAW_COLUMNS = CSV_EVENT_COLUMNS.flatMap((column) =>
  column === 'resource_id' ? [column, 'resource_title', 'short_url'] : [column],
);
export const ROLLUP_COLUMNS = [
  'bucket_start',
  'resource_type',
  'resource_id',
  'resource_title',
  'short_url',
  'dimension',
  'value',
  'clicks',
  'scans',
  'page_views',
  'bot_events',
  'unique_visitors',
] as const;

export type Cell = string | number | boolean | Date | null;
export type Row = Record<string, Cell>;

export type Source = {
  header: readonly string[];
  count: { text: string; values: unknown[] };
  page: (after: Row | null) => { text: string; values: unknown[] };
};

export type SourceSpec = {
  ws: string;
  from: Date;
  to: Date;
  ids: string[] | null;
  filters: ExportFilters;
  /** The first instant the plan keeps raw events for (unique visitors before it are not known). */
  rawSince: Date;
};

/** Each active filter as a condition on `click_events`, with the same value reading as the dashboard's. */
function filterSql(filters: ExportFilters, firstParam: number): { sql: string; values: string[] } {
  const parts: string[] = [];
  const values: string[] = [];
  for (const d of DASHBOARD_DIMENSIONS) {
    const value = filters[d];
    if (value === undefined) continue;
    values.push(value);
    const column = d === 'event_type' ? 'event_type' : ROLLUP_DIMENSIONS[d].sql;
    parts.push(`${column} = $${firstParam + values.length - 1}`);
  }
  return { sql: parts.map((p) => ` AND ${p}`).join(''), values };
}

export const hasFilters = (filters: ExportFilters): boolean =>
  DASHBOARD_DIMENSIONS.some((d) => filters[d] !== undefined);

export function rawSource(p: SourceSpec): Source {
  const f = filterSql(p.filters, 5);
  const where = `workspace_id = $1 AND occurred_at >= $2 AND occurred_at < $3 AND ($4::uuid[] IS NULL OR coalesce(parent_resource_id, resource_id) = ANY($4::uuid[]))${f.sql}`;
  const base = [p.ws, p.from, p.to, p.ids, ...f.values];
  const at = base.length;
  const columns = RAW_COLUMNS.filter((c) => c !== 'resource_title' && c !== 'short_url');
  return {
    header: RAW_COLUMNS,
    count: { text: `SELECT count(*) AS n FROM click_events WHERE ${where}`, values: base },
    page: (after) => ({
      text: `SELECT id, ${columns.join(', ')} FROM click_events WHERE ${where} ${after ? `AND (occurred_at, id) > ($${at + 1}, $${at + 2})` : ''} ORDER BY occurred_at, id LIMIT ${PAGE}`,
      values: after ? [...base, after.occurred_at, after.id] : base,
    }),
  };
}

const COUNTERS = `count(*) FILTER (WHERE event_type = 'click' AND NOT is_bot) AS clicks,
  count(*) FILTER (WHERE event_type = 'scan' AND NOT is_bot) AS scans,
  count(*) FILTER (WHERE event_type = 'page_view' AND NOT is_bot) AS page_views,
  count(*) FILTER (WHERE is_bot) AS bot_events,
  count(DISTINCT visitor_hash) FILTER (WHERE NOT is_bot) AS unique_visitors`;

/** Unfiltered: the hourly rollups, each `all` row with its hour's unique visitors while raw events are kept. */
export function rollupSource(p: SourceSpec): Source {
  if (hasFilters(p.filters)) return filteredRollupSource(p);
  const where = `r.workspace_id = $1 AND r.bucket_start >= $2 AND r.bucket_start < $3 AND ($4::uuid[] IS NULL OR r.resource_id = ANY($4::uuid[]))`;
  const base = [p.ws, p.from, p.to, p.ids, p.rawSince];
  const visitors = `CASE WHEN r.dimension = 'all' AND r.bucket_start >= $5 THEN
      (SELECT count(DISTINCT e.visitor_hash) FROM click_events e
        WHERE e.workspace_id = r.workspace_id AND e.resource_id = r.resource_id AND NOT e.is_bot
          AND e.occurred_at >= r.bucket_start AND e.occurred_at < r.bucket_start + interval '1 hour') END AS unique_visitors`;
  return {
    header: ROLLUP_COLUMNS,
    count: {
      text: `SELECT count(*) AS n FROM analytics_rollup_hourly r WHERE ${where}`,
      values: base.slice(0, 4),
    },
    page: (after) => ({
      text: `SELECT r.bucket_start, r.resource_type, r.resource_id, r.dimension, r.value, r.clicks, r.scans, r.page_views,
                    r.bot_events, ${visitors}
               FROM analytics_rollup_hourly r WHERE ${where}
             ${after ? 'AND (r.bucket_start, r.resource_id, r.dimension, r.value) > ($6, $7, $8, $9)' : ''}
             ORDER BY r.bucket_start, r.resource_id, r.dimension, r.value LIMIT ${PAGE}`,
      values: after ? [...base, after.bucket_start, after.resource_id, after.dimension, after.value] : base,
    }),
  };
}

/**
 * Filtered: the rollups are kept one dimension at a time and cannot answer "Germany on mobile", so
 * the hourly rows are counted from the raw events that match every filter (as the dashboard counts
 * its open hours), within the plan's raw retention. Dimension `all`: the totals of the filtered view.
 */
function filteredRollupSource(p: SourceSpec): Source {
  const f = filterSql(p.filters, 5);
  const where = `workspace_id = $1 AND occurred_at >= $2 AND occurred_at < $3 AND ($4::uuid[] IS NULL OR coalesce(parent_resource_id, resource_id) = ANY($4::uuid[]))${f.sql}`;
  const from = p.from < p.rawSince ? p.rawSince : p.from;
  const base = [p.ws, from, p.to, p.ids, ...f.values];
  const at = base.length;
  const grouped = `SELECT date_trunc('hour', occurred_at) AS bucket_start, resource_type, resource_id,
                          'all' AS dimension, '' AS value, ${COUNTERS}
                     FROM click_events WHERE ${where} GROUP BY 1, 2, 3`;
  return {
    header: ROLLUP_COLUMNS,
    count: { text: `SELECT count(*) AS n FROM (${grouped}) g`, values: base },
    page: (after) => ({
      text: `SELECT * FROM (${grouped}) g ${after ? `WHERE (g.bucket_start, g.resource_id) > ($${at + 1}, $${at + 2})` : ''}
             ORDER BY g.bucket_start, g.resource_id LIMIT ${PAGE}`,
      values: after ? [...base, after.bucket_start, after.resource_id] : base,
    }),
  };
}

type Named = { title: string; short_url: string };

/**
 * Title and address of each resource (a bio block reads as its page): links and QR codes by their
 * short URL, bio pages by their handle's address, as they are printed (`https://host/slug`).
 */
export async function resourceNames(
  pool: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  ids: readonly string[],
): Promise<Map<string, Named>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<{ id: string; title: string; short_url: string }>(
    `SELECT l.id::text, coalesce(l.title, l.slug) AS title, 'https://' || d.hostname || '/' || l.slug AS short_url
       FROM links l JOIN custom_domains d ON d.id = l.domain_id WHERE l.workspace_id = $1 AND l.id = ANY($2::uuid[])
     UNION ALL
     SELECT q.id::text, coalesce(q.title, q.slug), 'https://' || d.hostname || '/' || q.slug
       FROM qr_codes q JOIN custom_domains d ON d.id = q.domain_id WHERE q.workspace_id = $1 AND q.id = ANY($2::uuid[])
     UNION ALL
     SELECT p.id::text, coalesce(nullif(p.title, ''), '@' || p.handle), 'https://' || d.hostname || '/' || p.handle
       FROM bio_pages p JOIN custom_domains d ON d.id = p.domain_id WHERE p.workspace_id = $1 AND p.id = ANY($2::uuid[])
     UNION ALL
     SELECT b.id::text, coalesce(nullif(p.title, ''), '@' || p.handle), 'https://' || d.hostname || '/' || p.handle
       FROM bio_blocks b JOIN bio_pages p ON p.id = b.page_id JOIN custom_domains d ON d.id = p.domain_id
      WHERE p.workspace_id = $1 AND b.id = ANY($2::uuid[])`,
    [workspaceId, ids],
  );
  return new Map(rows.map((r) => [r.id, { title: r.title, short_url: r.short_url }]));
}
