import type pg from 'pg';
import {
  changeOf,
  DASHBOARD_DIMENSIONS,
  type DashboardCounts,
  type DashboardData,
  type DashboardDimension,
  type DashboardFilters,
  type DashboardPoint,
  type DashboardRow,
} from '@linkhub/shared/analytics/dashboard';
import { breakdown, totals } from './aggregates';
import {
  cubeBuiltThrough,
  filteredAnswer,
  type FilteredAnswer,
} from '@linkhub/shared/server/analytics/filtered-answer';
import {
  filteredVisitors,
  rawKeptFrom,
  type FilteredVisitors,
} from '@linkhub/shared/server/analytics/filtered-visitors';
import { cubeHasSketches } from '@linkhub/shared/server/analytics/cube';
import { retentionDays } from '@linkhub/shared/entitlements/plans';
import { intervalOf, type Window } from '@linkhub/shared/server/analytics/dashboard-window';
import { hourlyCutoff, type AnalyticsScope } from './scope';
import { timeseries } from './timeseries';
import { leadTotals } from './lead-totals';
import { regionNames } from './region-names';
import { variantNames } from './variant-names';

type Db = Pick<pg.Pool, 'query'>;

/** Rows per breakdown on the dashboard (the bar lists show the top ones, "unknown" included). */
export const DASHBOARD_ROWS = 10;

const hasFilters = (f: DashboardFilters) => Object.keys(f).length > 0;

const pointOf = (p: DashboardPoint): DashboardPoint => ({
  bucket_start: p.bucket_start,
  clicks: p.clicks,
  scans: p.scans,
  page_views: p.page_views,
  unique_visitors: p.unique_visitors,
});

async function fromRollups(
  db: Db,
  scope: AnalyticsScope,
  w: Window,
  interval: 'hour' | 'day',
  dims: readonly DashboardDimension[],
  now: Date,
): Promise<{
  totals: DashboardCounts;
  series: DashboardPoint[];
  breakdowns: Partial<Record<DashboardDimension, DashboardRow[]>>;
}> {
  const [t, s, ...rows] = await Promise.all([
    totals(db, scope, w, now),
    timeseries(db, scope, { ...w, interval }, now),
    ...dims.map((dimension) => breakdown(db, scope, { ...w, dimension, limit: DASHBOARD_ROWS }, now)),
  ]);
  const breakdowns: Partial<Record<DashboardDimension, DashboardRow[]>> = {};
  dims.forEach((dim, i) => {
    breakdowns[dim] = (rows[i] ?? []).map((r) => ({
      value: r.value,
      events: r.events,
      clicks: r.clicks,
      scans: r.scans,
      page_views: r.page_views,
    }));
  });
  return {
    totals: {
      clicks: t.clicks,
      scans: t.scans,
      page_views: t.page_views,
      unique_visitors: t.unique_visitors,
    },
    series: s.map(pointOf),
    breakdowns,
  };
}

/** A filtered answer with its unique visitors (totals and daily buckets) filled in. */
function withVisitors(a: FilteredAnswer, v: FilteredVisitors, interval: 'hour' | 'day') {
  const daily = interval === 'day' && v.total !== null;
  return {
    totals: { ...a.totals, unique_visitors: v.total },
    series: a.series.map((p) => ({
      ...p,
      unique_visitors: daily ? (v.perDay.get(p.bucket_start) ?? 0) : null,
    })),
    breakdowns: a.breakdowns,
  };
}

/**
 * Everything the dashboard shows for one selection, in one answer: totals and series of the window
 * and of the previous one, and every breakdown. Without filters it reads the rollups; with filters,
 * the hourly cube for the hours the worker has built and raw events for the rest (D-330), in one
 * statement per window, from the plan's cube retention on, and unique visitors beside it (D-380).
 */
export async function dashboard(
  db: Db,
  scope: AnalyticsScope,
  q: { current: Window; previous: Window; filters: DashboardFilters },
  now: Date = new Date(),
): Promise<DashboardData> {
  const interval = intervalOf(q.current);
  const filtered = hasFilters(q.filters);
  const selection = {
    workspaceId: scope.workspaceId,
    resourceIds: scope.resourceIds,
    timeZone: scope.timeZone,
    filters: q.filters,
  };
  const leads = filtered
    ? null
    : await leadTotals(db, scope.workspaceId, scope.resourceIds, q.current, q.previous);
  const since = filtered ? hourlyCutoff(scope.plan, now) : null;
  const source = filtered
    ? {
        builtThrough: await cubeBuiltThrough(db),
        since,
        rawSince: rawKeptFrom(retentionDays(scope.plan, 'raw_click_days'), now),
        sketches: await cubeHasSketches(db),
      }
    : null;
  let counting: DashboardData['unique_visitors_counting'] = { current: 'exact', previous: 'exact' };
  let current: Awaited<ReturnType<typeof fromRollups>>;
  let previous: Awaited<ReturnType<typeof fromRollups>>;
  if (source) {
    const [c, p, cv, pv] = await Promise.all([
      filteredAnswer(db, selection, q.current, interval, DASHBOARD_DIMENSIONS, DASHBOARD_ROWS, source),
      filteredAnswer(db, selection, q.previous, interval, [], DASHBOARD_ROWS, source),
      filteredVisitors(db, selection, q.current, interval, source),
      filteredVisitors(db, selection, q.previous, interval, source),
    ]);
    current = withVisitors(c, cv, interval);
    previous = withVisitors(p, pv, interval);
    counting = { current: cv.counting, previous: pv.counting };
  } else {
    [current, previous] = await Promise.all([
      fromRollups(db, scope, q.current, interval, DASHBOARD_DIMENSIONS, now),
      fromRollups(db, scope, q.previous, interval, [], now),
    ]);
  }
  const breakdowns = Object.fromEntries(
    DASHBOARD_DIMENSIONS.map((d) => [d, current.breakdowns[d] ?? []]),
  ) as Record<DashboardDimension, DashboardRow[]>;
  const variants = await variantNames(db, scope.workspaceId, [
    ...breakdowns.variant.map((r) => r.value),
    q.filters.variant,
  ]);
  return {
    interval,
    time_zone: scope.timeZone,
    window: { from: q.current.from.toISOString(), to: q.current.to.toISOString() },
    previous_window: { from: q.previous.from.toISOString(), to: q.previous.to.toISOString() },
    totals: current.totals,
    previous: previous.totals,
    change: changeOf(current.totals, previous.totals),
    series: current.series,
    previous_series: previous.series,
    breakdowns,
    value_names: {
      variant: variants,
      region: regionNames([...breakdowns.region.map((r) => r.value), q.filters.region]),
    },
    source: filtered ? 'events' : 'rollups',
    filtered_since: since !== null && since > q.previous.from ? since.toISOString() : null,
    unique_visitors_counting: counting,
    leads,
  };
}
