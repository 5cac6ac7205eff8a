import { z } from 'zod';
import { uuidSchema } from './common';

/** Analytics reads (docs/product-rules.md#analytics): timeseries and breakdowns over the rollups. */
export const ANALYTICS_INTERVALS = ['hour', 'day'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

export const ANALYTICS_DIMENSIONS = [
  'country',
  'region',
  'device_type',
  'os_family',
  'browser_family',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'variant_id',
  'fallback_stage',
  'language',
] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

export const ANALYTICS_EVENT_TYPES = ['click', 'scan', 'page_view'] as const;

/** The longest range each interval may span (hourly buckets over a year would be 8,760 points). */
export const MAX_RANGE_DAYS: Record<AnalyticsInterval, number> = { hour: 31, day: 732 };
const DAY_MS = 86_400_000;

/** `2026-05-01` (start of that UTC day) or a full ISO instant with offset. */
const instant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v));

const rangeFields = {
  /** Absent: the whole workspace (the caller's visible resources). */
  resource_id: uuidSchema.optional(),
  from: instant.optional(),
  to: instant.optional(),
  event_type: z.enum(ANALYTICS_EVENT_TYPES).optional(),
  include_bots: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
};

function rangeInOrder(v: { from?: Date; to?: Date }): boolean {
  return v.from === undefined || v.to === undefined || v.from.getTime() < v.to.getTime();
}
const orderRefinement = {
  message: '`from` must be before `to`.',
  path: ['from'],
  params: { issue: 'from_after_to' },
};

/** `GET /v1/analytics/timeseries?resource_id=&from=&to=&interval=hour|day`. */
export const timeseriesQuerySchema = z
  .object({ ...rangeFields, interval: z.enum(ANALYTICS_INTERVALS).default('day') })
  .refine(rangeInOrder, orderRefinement)
  .refine(
    (v) =>
      v.from === undefined ||
      v.to === undefined ||
      v.to.getTime() - v.from.getTime() <= MAX_RANGE_DAYS[v.interval] * DAY_MS,
    {
      message: 'This range is too long for the interval.',
      path: ['from'],
      params: { issue: 'range_too_long' },
    },
  );
export type TimeseriesQuery = z.infer<typeof timeseriesQuerySchema>;

/** `GET /v1/analytics/breakdown?resource_id=&dimension=&from=&to=&limit=`. */
export const breakdownQuerySchema = z
  .object({
    ...rangeFields,
    dimension: z.enum(ANALYTICS_DIMENSIONS),
    limit: z.coerce.number().int().min(1).max(100).default(10),
  })
  .refine(rangeInOrder, orderRefinement)
  .refine(
    (v) =>
      v.from === undefined ||
      v.to === undefined ||
      v.to.getTime() - v.from.getTime() <= MAX_RANGE_DAYS.day * DAY_MS,
    {
      message: 'This range is too long.',
      path: ['from'],
      params: { issue: 'range_too_long' },
    },
  );
export type BreakdownQuery = z.infer<typeof breakdownQuerySchema>;

/**
 * The concrete window a query covers: `to` defaults to now, `from` to 48 hours (hourly) or 30 days
 * (daily) before `to`.
 */
export function resolveRange(
  query: { from?: Date; to?: Date; interval?: AnalyticsInterval },
  now: Date,
): { from: Date; to: Date } {
  const to = query.to ?? now;
  const span = query.interval === 'hour' ? 2 * DAY_MS : 30 * DAY_MS;
  return { from: query.from ?? new Date(to.getTime() - span), to };
}

export const countsSchema = z.object({
  clicks: z.number().int(),
  scans: z.number().int(),
  page_views: z.number().int(),
  unique_visitors: z.number().int(),
});

export const timeseriesPointSchema = countsSchema.extend({ bucket_start: z.iso.datetime({ offset: true }) });
export const breakdownRowSchema = countsSchema.extend({ value: z.string() });
