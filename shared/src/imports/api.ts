import { z } from 'zod';
import { hostnameSchema, uuidSchema } from '../schemas/common';
import { importSourceSchema } from './sources';

/** The largest export one request takes (its body limit too): 10,000 links of any product fit. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;

/**
 * `POST /v1/imports`: a peer's export file as text. Links whose short host is one of this workspace's
 * own domains keep it; the others go to `domain` (default: the system link host), keeping their slug.
 */
export const importRequestSchema = z.strictObject({
  /** Required with a session; with an API key it may be left out, and must be the key's workspace when given. */
  workspace_id: uuidSchema.optional(),
  source: importSourceSchema,
  content: z.string().min(1).max(MAX_IMPORT_BYTES),
  domain: hostnameSchema.optional(),
  /** Check every row and answer what would happen, creating nothing. */
  dry_run: z.boolean().default(false),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

export const IMPORT_ROW_STATUSES = [
  'created',
  'would_create',
  'unchanged',
  'conflict',
  'invalid',
  'failed',
] as const;
export const importRowStatusSchema = z.enum(IMPORT_ROW_STATUSES);
export type ImportRowStatus = z.infer<typeof importRowStatusSchema>;

/** What happened to one row of the file (or would, in a dry run), in file order. */
export const importRowResultSchema = z.object({
  /** The row as a spreadsheet numbers it (CSV: the header is row 1), or the item's place in a JSON list. */
  row: z.number().int().min(1),
  status: importRowStatusSchema,
  slug: z.string().nullable(),
  domain: z.string().nullable(),
  destination_url: z.string().nullable(),
  /** The created link, or the existing one a re-run found unchanged. */
  link_id: uuidSchema.nullable(),
  /** The click total the other product counted, kept as imported history. */
  imported_clicks: z.number().int().min(0).nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

const rowCount = z.number().int().min(0);

export const importMetaSchema = z.object({
  source: importSourceSchema,
  format: z.enum(['json', 'csv']),
  dry_run: z.boolean(),
  /** Rows per result. */
  counts: z.object({
    created: rowCount,
    would_create: rowCount,
    unchanged: rowCount,
    conflict: rowCount,
    invalid: rowCount,
    failed: rowCount,
  }),
});
export type ImportMeta = z.infer<typeof importMetaSchema>;
