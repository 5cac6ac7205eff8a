import { z } from 'zod';
import { DASHBOARD_DIMENSIONS } from '@linkhub/shared/analytics/dashboard';
import { filterValueSchema } from '@linkhub/shared/analytics/dashboard-schemas';
import {
  ANALYTICS_DIMENSIONS,
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_INTERVALS,
  MAX_RANGE_DAYS,
} from '@linkhub/shared/schemas/analytics';

/**
 * Query strings of `/v1/analytics/*` (docs/product-rules.md#api). `workspace_id` is implied by an API key and
 * required with a session. Instants are ISO with offset or a `yyyy-mm-dd` date (start of that UTC day).
 */
const DAY_MS = 86_400_000;
const uuid = z.uuid().transform((v) => v.toLowerCase());
const instant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v));
const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Every breakdown dimension: the rollup dimensions plus the two read from the totals row. */
export const BREAKDOWN_DIMENSIONS = [
  ...ANALYTICS_DIMENSIONS,
  'variant',
  'block',
  'event_type',
  'is_bot',
] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

const range = {
  workspace_id: uuid.optional(),
  resource_id: uuid.optional(),
  from: instant.optional(),
  to: instant.optional(),
  event_type: z.enum(ANALYTICS_EVENT_TYPES).optional(),
  include_bots: bool.optional(),
};
type RangeLike = { from?: Date; to?: Date };
const inOrder = (v: RangeLike) => v.from === undefined || v.to === undefined || v.from < v.to;
const order = { message: '`from` must be before `to`.', path: ['from'], params: { issue: 'from_after_to' } };
const within = (days: number) => (v: RangeLike) =>
  v.from === undefined || v.to === undefined || v.to.getTime() - v.from.getTime() <= days * DAY_MS;
const tooLong = { message: 'This range is too long.', path: ['from'], params: { issue: 'range_too_long' } };

export const timeseriesSchema = z
  .object({ ...range, interval: z.enum(ANALYTICS_INTERVALS).default('day') })
  .refine(inOrder, order)
  .refine((v) => within(MAX_RANGE_DAYS[v.interval])(v), tooLong);

export const breakdownSchema = z
  .object({
    ...range,
    dimension: z.enum(BREAKDOWN_DIMENSIONS),
    limit: z.coerce.number().int().min(1).max(100).default(10),
  })
  .refine(inOrder, order)
  .refine(within(MAX_RANGE_DAYS.day), tooLong);

export const totalsSchema = z
  .object({ ...range, compare: z.enum(['previous']).optional() })
  .refine(inOrder, order)
  .refine(within(MAX_RANGE_DAYS.day), tooLong);

export const topSchema = z
  .object({
    ...range,
    resource_type: z.enum(['link', 'qr_code', 'bio_page']).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(10),
  })
  .refine(inOrder, order)
  .refine(within(MAX_RANGE_DAYS.day), tooLong);

/** Most resources one CSV export may name. */
export const MAX_EXPORT_RESOURCES = 100;

export const exportCreateSchema = z
  .object({
    workspace_id: uuid.optional(),
    resource_id: uuid.optional(),
    /** Only these links, QR codes or pages (each authorised like `resource_id`). */
    resource_ids: z.array(uuid).min(1).max(MAX_EXPORT_RESOURCES).optional(),
    source: z.enum(['raw', 'rollup']).default('rollup'),
    from: instant,
    to: instant,
    /** A set, as the dashboard's: every link of this tag / everything on this host. */
    tag: z.string().min(1).max(64).optional(),
    domain: z.string().min(1).max(253).optional(),
    /** The dashboard's active filters (`{"country": "DE"}`; `""` is "unknown"): the export holds what the view shows. */
    filters: z.partialRecord(z.enum(DASHBOARD_DIMENSIONS), filterValueSchema).optional(),
  })
  .refine(inOrder, order)
  .refine(within(MAX_RANGE_DAYS.day), tooLong);

export const workspaceOnlySchema = z.object({ workspace_id: uuid.optional() });

/** The concrete window: `to` defaults to now, `from` to 48 h (hourly) or 30 days before `to`. */
export function windowOf(
  q: { from?: Date; to?: Date; interval?: 'hour' | 'day' },
  now: Date,
): { from: Date; to: Date } {
  const to = q.to ?? now;
  return { from: q.from ?? new Date(to.getTime() - (q.interval === 'hour' ? 2 : 30) * DAY_MS), to };
}
