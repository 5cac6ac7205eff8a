import type pg from 'pg';
import type { AnalyticsScope } from './scope';
import type { BreakdownDimension } from './query-schemas';
import {
  eventsExpr,
  num,
  rollupRows,
  ROLLUP_ROWS,
  sourceParams,
  UNIQUE_ROWS,
  type EventFilter,
} from './rollup-source';

type Db = Pick<pg.Pool, 'query'>;
type Window = { from: Date; to: Date };

export type Totals = {
  clicks: number;
  scans: number;
  page_views: number;
  unique_visitors: number;
  bot_events: number;
};

/**
 * Totals over [from, to). `unique_visitors` counts distinct daily visitor hashes across every
 * resource in scope: one visitor who scans a QR code and taps a bio link the same day is one.
 */
export async function totals(
  db: Db,
  scope: AnalyticsScope,
  w: Window,
  now: Date = new Date(),
): Promise<Totals> {
  const res = await db.query<{
    clicks: string | null;
    scans: string | null;
    page_views: string | null;
    bot_events: string | null;
    u: string | null;
  }>(
    `SELECT sum(clicks) AS clicks, sum(scans) AS scans, sum(page_views) AS page_views, sum(bot_events) AS bot_events,
            (SELECT count(DISTINCT (event_date, visitor_hash)) FROM ${UNIQUE_ROWS} uv) AS u
       FROM ${ROLLUP_ROWS} r`,
    sourceParams(scope, w.from, w.to, 'all', now),
  );
  const r = res.rows[0];
  return {
    clicks: num(r?.clicks),
    scans: num(r?.scans),
    page_views: num(r?.page_views),
    unique_visitors: num(r?.u),
    bot_events: num(r?.bot_events),
  };
}

export type Comparison = {
  current: Totals;
  previous: Totals;
  previous_from: string;
  previous_to: string;
  change: Record<keyof Totals, number | null>;
};

/** The window against the one just before it, of the same length; `change` is relative (0.25 = +25 %), null from zero. */
export async function compareWithPrevious(
  db: Db,
  scope: AnalyticsScope,
  w: Window,
  now: Date = new Date(),
): Promise<Comparison> {
  const span = w.to.getTime() - w.from.getTime();
  const prev = { from: new Date(w.from.getTime() - span), to: w.from };
  const [current, previous] = await Promise.all([totals(db, scope, w, now), totals(db, scope, prev, now)]);
  const keys = ['clicks', 'scans', 'page_views', 'unique_visitors', 'bot_events'] as const;
  const change = Object.fromEntries(
    keys.map((k) => [k, previous[k] === 0 ? null : (current[k] - previous[k]) / previous[k]]),
  ) as Record<keyof Totals, number | null>;
  return {
    current,
    previous,
    previous_from: prev.from.toISOString(),
    previous_to: prev.to.toISOString(),
    change,
  };
}

export type BreakdownRow = {
  value: string | null;
  events: number;
  clicks: number;
  scans: number;
  page_views: number;
  bot_events: number;
};

const ROLLUP_NAME: Partial<Record<BreakdownDimension, string>> = { variant_id: 'variant' };

/**
 * Counts by one dimension value, largest first (`events` = the counted events of the filter). An
 * unknown value (no referrer, no country) is `null`: the totals minus the known values. `event_type` and `is_bot` are read from the
 * totals rows.
 */
export async function breakdown(
  db: Db,
  scope: AnalyticsScope,
  w: Window & EventFilter & { dimension: BreakdownDimension; limit: number },
  now: Date = new Date(),
): Promise<BreakdownRow[]> {
  if (w.dimension === 'event_type' || w.dimension === 'is_bot') {
    const t = await totals(db, scope, w, now);
    const rows: BreakdownRow[] =
      w.dimension === 'event_type'
        ? [
            { value: 'click', events: t.clicks, clicks: t.clicks, scans: 0, page_views: 0, bot_events: 0 },
            { value: 'scan', events: t.scans, clicks: 0, scans: t.scans, page_views: 0, bot_events: 0 },
            {
              value: 'page_view',
              events: t.page_views,
              clicks: 0,
              scans: 0,
              page_views: t.page_views,
              bot_events: 0,
            },
          ]
        : [
            {
              value: 'false',
              events: t.clicks + t.scans + t.page_views,
              clicks: t.clicks,
              scans: t.scans,
              page_views: t.page_views,
              bot_events: 0,
            },
            {
              value: 'true',
              events: t.bot_events,
              clicks: 0,
              scans: 0,
              page_views: 0,
              bot_events: t.bot_events,
            },
          ];
    return rows.sort((a, b) => b.events - a.events).slice(0, w.limit);
  }
  const dimension = ROLLUP_NAME[w.dimension] ?? w.dimension;
  const events = eventsExpr(w);
  const res = await db.query<{
    value: string;
    events: string;
    clicks: string;
    scans: string;
    page_views: string;
    bot_events: string;
  }>(
    `WITH v AS (
       SELECT value, sum(${events}) AS events, sum(clicks) AS clicks, sum(scans) AS scans, sum(page_views) AS page_views, sum(bot_events) AS bot_events
         FROM ${ROLLUP_ROWS} r GROUP BY value),
     a AS (
       SELECT sum(${events}) AS events, sum(clicks) AS clicks, sum(scans) AS scans, sum(page_views) AS page_views, sum(bot_events) AS bot_events
         FROM ${rollupRows('$7')} r),
     u AS (
       SELECT '' AS value, a.events - coalesce((SELECT sum(events) FROM v), 0) AS events, a.clicks - coalesce((SELECT sum(clicks) FROM v), 0) AS clicks,
              a.scans - coalesce((SELECT sum(scans) FROM v), 0) AS scans, a.page_views - coalesce((SELECT sum(page_views) FROM v), 0) AS page_views,
              a.bot_events - coalesce((SELECT sum(bot_events) FROM v), 0) AS bot_events
         FROM a)
     SELECT * FROM (SELECT * FROM v WHERE value <> '' UNION ALL SELECT * FROM u) x WHERE events > 0 ORDER BY events DESC, value LIMIT ${w.limit}`,
    [...sourceParams(scope, w.from, w.to, dimension, now), 'all'],
  );
  return res.rows.map((r) => ({
    value: r.value === '' ? null : r.value,
    events: num(r.events),
    clicks: num(r.clicks),
    scans: num(r.scans),
    page_views: num(r.page_views),
    bot_events: num(r.bot_events),
  }));
}

export type TopResource = {
  resource_id: string;
  resource_type: string;
  title: string | null;
  events: number;
  clicks: number;
  scans: number;
  page_views: number;
  bot_events: number;
};

/** The resources with the most counted events in the window, with their titles. */
export async function topResources(
  db: Db,
  scope: AnalyticsScope,
  w: Window & EventFilter & { resource_type?: string; limit: number },
  now: Date = new Date(),
): Promise<TopResource[]> {
  const events = eventsExpr(w);
  const res = await db.query<{
    resource_id: string;
    resource_type: string;
    title: string | null;
    events: string;
    clicks: string;
    scans: string;
    page_views: string;
    bot_events: string;
  }>(
    `WITH t AS (
       SELECT resource_id, min(resource_type) AS resource_type, sum(${events}) AS events, sum(clicks) AS clicks, sum(scans) AS scans,
              sum(page_views) AS page_views, sum(bot_events) AS bot_events
         FROM ${ROLLUP_ROWS} r WHERE ($7::text IS NULL OR resource_type = $7::text)
        GROUP BY resource_id HAVING sum(${events}) > 0 ORDER BY 3 DESC, resource_id LIMIT ${w.limit})
     SELECT t.*, coalesce(l.title, l.slug, q.title, q.slug, p.title, p.handle) AS title FROM t
       LEFT JOIN links l ON l.id = t.resource_id AND t.resource_type = 'link'
       LEFT JOIN qr_codes q ON q.id = t.resource_id AND t.resource_type = 'qr_code'
       LEFT JOIN bio_pages p ON p.id = t.resource_id AND t.resource_type = 'bio_page'
      ORDER BY t.events DESC, t.resource_id`,
    [...sourceParams(scope, w.from, w.to, 'all', now), w.resource_type ?? null],
  );
  return res.rows.map((r) => ({
    resource_id: r.resource_id,
    resource_type: r.resource_type,
    title: r.title,
    events: num(r.events),
    clicks: num(r.clicks),
    scans: num(r.scans),
    page_views: num(r.page_views),
    bot_events: num(r.bot_events),
  }));
}
