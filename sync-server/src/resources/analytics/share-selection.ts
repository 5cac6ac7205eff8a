import { z } from 'zod';
import { readableText } from '@linkhub/shared/schemas/common';
import { DASHBOARD_DIMENSIONS, type DashboardDimension } from '@linkhub/shared/analytics/dashboard';
import { filterValueSchema } from '@linkhub/shared/analytics/dashboard-schemas';

const uuid = z.uuid().transform((v) => v.toLowerCase());

const filtersSchema = z
  .object(
    Object.fromEntries(DASHBOARD_DIMENSIONS.map((d) => [d, filterValueSchema.optional()])) as Record<
      DashboardDimension,
      z.ZodOptional<typeof filterValueSchema>
    >,
  )
  .strict();

/**
 * What a shared link shows (stored as jsonb): a rolling period (a fixed custom range would go stale
 * in a link meant to be reopened), the whole workspace or a resource or a set, and filters.
 */
export const shareSelectionSchema = z
  .object({
    period: z.enum(['24h', 'today', '7d', '30d', '90d']).default('30d'),
    resource_id: uuid.optional(),
    tag: z.string().min(1).max(64).optional(),
    domain: z.string().min(1).max(253).optional(),
    filters: filtersSchema.default({}),
  })
  .strict();
export type ShareSelection = z.output<typeof shareSelectionSchema>;

/** `POST /v1/analytics/shares`. */
export const shareCreateSchema = z
  .object({
    workspace_id: uuid.optional(),
    name: readableText(120).min(1),
    selection: shareSelectionSchema,
  })
  .strict();

/**
 * The public page's query: the period may be switched among the rolling ones. A page link must
 * survive what gets appended to it on the way (`fbclid`, `utm_*`) and a period typed wrong: those
 * are ignored, and the page shows the shared period, never an error.
 */
export const sharePageQuerySchema = z.object({
  period: z.enum(['24h', 'today', '7d', '30d', '90d']).optional().catch(undefined),
});
