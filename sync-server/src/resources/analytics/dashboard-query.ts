import { z } from 'zod';
import {
  DASHBOARD_DIMENSIONS,
  DASHBOARD_PERIODS,
  type DashboardDimension,
  type DashboardFilters,
} from '@linkhub/shared/analytics/dashboard';
import { filterValueSchema } from '@linkhub/shared/analytics/dashboard-schemas';
import { MAX_RANGE_DAYS } from '@linkhub/shared/schemas/analytics';

const DAY_MS = 86_400_000;
const uuid = z.uuid().transform((v) => v.toLowerCase());
const instant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((v) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v));

const filterFields = Object.fromEntries(
  DASHBOARD_DIMENSIONS.map((d) => [d, filterValueSchema.optional()]),
) as Record<DashboardDimension, z.ZodOptional<typeof filterValueSchema>>;

/** What a dashboard shows: a period, the whole workspace or a resource or a set (tag, domain), and filters. */
export const selectionFields = {
  period: z.enum(DASHBOARD_PERIODS).default('30d'),
  from: instant.optional(),
  to: instant.optional(),
  resource_id: uuid.optional(),
  /** A set: every link of this tag. */
  tag: z.string().min(1).max(64).optional(),
  /** A set: every link, QR code and bio page on this host. */
  domain: z.string().min(1).max(253).optional(),
  ...filterFields,
};

type SelectionLike = { period: string; from?: Date; to?: Date };

/** `custom` needs `from` < `to`, at most 732 days apart; other periods take neither. */
function customRange(v: SelectionLike, ctx: z.RefinementCtx): void {
  if (v.period !== 'custom') {
    if (v.from !== undefined || v.to !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: '`from` and `to` go with period=custom.',
        params: { issue: 'custom_only' },
      });
    return;
  }
  if (v.from === undefined || v.to === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: 'period=custom needs `from` and `to`.',
      params: { issue: 'required' },
    });
    return;
  }
  if (v.from >= v.to)
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: '`from` must be before `to`.',
      params: { issue: 'from_after_to' },
    });
  else if (v.to.getTime() - v.from.getTime() > MAX_RANGE_DAYS.day * DAY_MS)
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: 'This range is too long.',
      params: { issue: 'range_too_long' },
    });
}

/** `GET /v1/analytics/dashboard` (unknown keys refused). */
export const dashboardQuerySchema = z
  .object({ workspace_id: uuid.optional(), ...selectionFields })
  .strict()
  .superRefine(customRange);
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

/** `GET /v1/analytics/realtime`: events of the last 30 minutes. */
export const realtimeQuerySchema = z
  .object({ workspace_id: uuid.optional(), resource_id: uuid.optional() })
  .strict();

export function filtersOf(q: Partial<Record<DashboardDimension, string | undefined>>): DashboardFilters {
  const filters: DashboardFilters = {};
  for (const d of DASHBOARD_DIMENSIONS) {
    const v = q[d];
    if (v !== undefined) filters[d] = v;
  }
  return filters;
}

export { customRange };
