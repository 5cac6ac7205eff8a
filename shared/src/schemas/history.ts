import { z } from 'zod';

/** The resources whose changes are kept field by field (D-505), as the history route names them. */
export const HISTORY_RESOURCE_TYPES = [
  'link',
  'qr_code',
  'bio_page',
  'experiment',
  'domain',
  'workspace',
] as const;
export type HistoryResourceType = (typeof HISTORY_RESOURCE_TYPES)[number];

/** `GET /api/workspaces/{ws}/history?resource_type=&resource_id=&cursor=` */
export const historyQuerySchema = z.strictObject({
  resource_type: z.enum(HISTORY_RESOURCE_TYPES),
  resource_id: z.uuid(),
  cursor: z
    .string()
    .regex(/^[0-9a-f-]{36}$/, 'must be a cursor from meta.next_cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** One field of one change: `title`, `theme.background`, a block's `data.url`. */
export const historyFieldSchema = z.object({
  field: z.string(),
  before: z.json(),
  after: z.json(),
});
export type HistoryField = z.infer<typeof historyFieldSchema>;

/**
 * One entry of a resource's history, newest first: a change (its fields before and after) or, for
 * a page, a publish. `device` is a label ("Chrome on Android", an API key's name), never a
 * User-Agent or an address.
 */
export const historyEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['change', 'publish']),
  action: z.string(),
  occurred_at: z.string(),
  actor: z.object({
    type: z.enum(['user', 'api_key', 'system']),
    name: z.string().nullable(),
  }),
  device: z.string().nullable(),
  /** A block's change on its page's history: which block. */
  block_id: z.string().nullable(),
  fields: z.array(historyFieldSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyPageSchema = z.object({
  data: z.array(historyEntrySchema),
  meta: z.object({ next_cursor: z.string().nullable() }),
});
