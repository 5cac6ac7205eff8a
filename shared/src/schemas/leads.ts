import { z } from 'zod';
import { paginationQuerySchema, uuidSchema } from './common';

/**
 * Leads as the editor reads them: `GET /v1/leads`, `GET /v1/leads/counts`,
 * `DELETE /v1/leads/{id}`. Personal data, dashboard-only (docs/product-rules.md#personal-data): these routes take the
 * editor's session; no API key scope reaches them (authorize() refuses the `leads` domain to keys).
 */
export const LEAD_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const leadListQuerySchema = paginationQuerySchema.extend({
  workspace_id: uuidSchema,
  /** One page's leads (its grant decides); absent: every page the caller may see. */
  page_id: uuidSchema.optional(),
  /** A part of the address. */
  q: z.string().trim().min(1).max(254).optional(),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

export const leadCountsQuerySchema = z.object({ workspace_id: uuidSchema });

export const leadWorkspaceQuerySchema = z.object({ workspace_id: uuidSchema });

export const leadSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  page_id: uuidSchema,
  block_id: uuidSchema.nullable(),
  email: z.string(),
  status: z.enum(LEAD_STATUSES),
  consent_text: z.string().nullable(),
  consented_at: z.string().nullable(),
  /** The page's published revision whose consent text was agreed to. */
  page_revision: z.int().nullable(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  created_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

/** Per page: its leads by status (the editor's per-page counts; conversions of the page). */
export const leadCountsSchema = z.object({
  page_id: uuidSchema,
  total: z.int(),
  confirmed: z.int(),
  pending: z.int(),
  unsubscribed: z.int(),
});
export type LeadCounts = z.infer<typeof leadCountsSchema>;

export const leadListResponseSchema = z.object({
  data: z.array(leadSchema),
  meta: z.object({ next_cursor: z.string().nullable() }),
});
export const leadCountsResponseSchema = z.object({ data: z.array(leadCountsSchema), meta: z.object({}) });

/** The erasure mutator's args (REST only: leads are not on the device). */
export const deleteLeadArgs = z.strictObject({ id: uuidSchema, workspace_id: uuidSchema });

/** `POST /v1/leads/exports`: a CSV of the workspace's leads, or of one page's (step-up required, docs/product-rules.md#personal-data). */
export const leadExportInputSchema = z.strictObject({
  workspace_id: uuidSchema,
  page_id: uuidSchema.optional(),
});

export const leadExportSchema = z.object({
  id: uuidSchema,
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'expired']),
  progress: z.int().min(0).max(100),
  row_count: z.int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  download_url: z.string().nullable(),
});
export type LeadExport = z.infer<typeof leadExportSchema>;

/**
 * `GET /v1/leads/conversions`: sign-ups of one page as analytics conversions (of the page and of
 * each sign-up block), counted from the leads themselves (a sign-up counts once confirmed; single
 * opt-in: at once), so analytics stores nothing more about the visitor.
 */
export const conversionsQuerySchema = z.object({
  workspace_id: uuidSchema,
  page_id: uuidSchema,
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});

export const conversionsSchema = z.object({
  page_id: uuidSchema,
  conversions: z.int(),
  by_block: z.array(z.object({ block_id: uuidSchema.nullable(), conversions: z.int() })),
});
export type Conversions = z.infer<typeof conversionsSchema>;
