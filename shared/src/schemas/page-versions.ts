import { z } from 'zod';

/**
 * One published version of a bio page, as `GET /api/workspaces/{ws}/pages/{id}/versions` lists it
 * for the editor's history panel: the frozen snapshot (title, bio, theme, visible blocks) plus who
 * published it and when. `snapshot` is the stored jsonb; readers parse it with `pageSnapshotSchema`.
 */
export const pageVersionViewSchema = z.object({
  version: z.number().int().min(1),
  kind: z.enum(['draft', 'published', 'restored']),
  draft_revision: z.number().int(),
  created_at: z.string(),
  created_by: z.object({ name: z.string(), email: z.string() }).nullable(),
  block_count: z.number().int().min(0),
  snapshot: z.record(z.string(), z.json()),
});
export type PageVersionView = z.infer<typeof pageVersionViewSchema>;

export const pageVersionListSchema = z.array(pageVersionViewSchema);

/** `?kind=published` (default: what was public at some point) or `all` (every draft edit too). */
export const pageVersionsQuerySchema = z.strictObject({
  kind: z.enum(['published', 'all']).default('published'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
