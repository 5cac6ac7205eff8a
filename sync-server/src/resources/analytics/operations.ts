import { breakdownSchema, timeseriesSchema } from './query-schemas';
import { dashboardQuerySchema, realtimeQuerySchema } from './dashboard-query';
import { z } from 'zod';
import type { Operation } from '../../http/operation';

const count = z.number().int().min(0);
export const timeseriesPointsSchema = z.array(
  z.looseObject({
    bucket_start: z.string(),
    clicks: count,
    scans: count,
    page_views: count,
    unique_visitors: count.nullable(),
  }),
);
const dashboardCounts = z.looseObject({
  clicks: count,
  scans: count,
  page_views: count,
  /** With filters exact, approximate or null (not counted): see unique_visitors_counting (D-380). */
  unique_visitors: count.nullable(),
});
const dashboardWindowSchema = z.looseObject({ from: z.string(), to: z.string() });
/** `/v1/analytics/dashboard`: everything the dashboard shows for one selection. */
export const dashboardSchema = z.looseObject({
  interval: z.enum(['hour', 'day']),
  time_zone: z.string(),
  window: dashboardWindowSchema,
  previous_window: dashboardWindowSchema,
  totals: dashboardCounts,
  previous: dashboardCounts,
  change: z.record(z.string(), z.number().nullable()),
  series: timeseriesPointsSchema,
  previous_series: timeseriesPointsSchema,
  breakdowns: z.record(
    z.string(),
    z.array(
      z.looseObject({
        value: z.string().nullable(),
        events: count,
        clicks: count,
        scans: count,
        page_views: count,
      }),
    ),
  ),
  /** Names of id values, by dimension then value: `{ "variant": { "<variant id>": "Summer banner (Shop headline)" } }`. */
  value_names: z.record(z.string(), z.record(z.string(), z.string())),
  source: z.enum(['rollups', 'events']),
  filtered_since: z.string().nullable(),
  /** How unique visitors were counted: exact, approximate (HyperLogLog, about ±2 %) or not_counted (null). */
  unique_visitors_counting: z.looseObject({
    current: z.enum(['exact', 'approximate', 'not_counted']),
    previous: z.enum(['exact', 'approximate', 'not_counted']),
  }),
  leads: z.looseObject({ current: count, previous: count }).nullable(),
});
export const realtimeSchema = z.looseObject({ events: count, visitors: count, since: z.string() });
export const breakdownRowsSchema = z.array(
  z.looseObject({
    value: z.string().nullable(),
    /** `dimension=block`: the block's name (a link's button text), D-607. */
    label: z.string().nullable().optional(),
    events: count,
    clicks: count,
    scans: count,
    page_views: count,
    bot_events: count,
  }),
);

/** /v1/analytics: counts over the rollups (resources/analytics/routes.ts). */
export const ANALYTICS_OPERATIONS: readonly Operation[] = [
  {
    operationId: 'analyticsTimeseries',
    method: 'get',
    path: '/v1/analytics/timeseries',
    resource: 'analytics',
    summary: 'Counts per hour or day (clicks, scans, views, unique visitors); bots excluded',
    scope: 'analytics:read',
    status: 200,
    query: timeseriesSchema,
    response: timeseriesPointsSchema,
    component: 'TimeseriesPoints',
    errors: [404],
  },
  {
    operationId: 'analyticsBreakdown',
    method: 'get',
    path: '/v1/analytics/breakdown',
    resource: 'analytics',
    summary: 'Counts by one dimension value, largest first',
    scope: 'analytics:read',
    status: 200,
    query: breakdownSchema,
    exampleQuery: { dimension: 'country' },
    response: breakdownRowsSchema,
    component: 'BreakdownRows',
    errors: [404],
  },
  {
    operationId: 'analyticsDashboard',
    method: 'get',
    path: '/v1/analytics/dashboard',
    resource: 'analytics',
    summary:
      'Totals, series and every breakdown of a period with the previous one; any breakdown value filters (country=FR&referrer_host=)',
    scope: 'analytics:read',
    status: 200,
    query: dashboardQuerySchema,
    exampleQuery: { period: '7d', country: 'FR' },
    response: dashboardSchema,
    component: 'Dashboard',
    errors: [404],
  },
  {
    operationId: 'analyticsRealtime',
    method: 'get',
    path: '/v1/analytics/realtime',
    resource: 'analytics',
    summary: 'Events and visitors of the last 30 minutes',
    scope: 'analytics:read',
    status: 200,
    query: realtimeQuerySchema,
    response: realtimeSchema,
    component: 'Realtime',
    errors: [404],
  },
];
