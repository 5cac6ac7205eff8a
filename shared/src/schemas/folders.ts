import { z } from 'zod';
import { isoDateTimeSchema, paginationQuerySchema, readableText, uuidSchema } from './common';

/**
 * Link folders (D-620): a name and an optional parent, one level deep (a folder's parent has no
 * parent). The REST bodies below and the folder mutators (`mutators/folders.ts`) share these fields.
 */
export const folderFieldSchemas = {
  name: readableText(80).min(1),
  /** null: a top-level folder. */
  parent_id: uuidSchema.nullable(),
} as const;

/** `POST /v1/folders`. */
export const createFolderInputSchema = z.strictObject({
  name: folderFieldSchemas.name,
  parent_id: folderFieldSchemas.parent_id.optional(),
});
export type CreateFolderInput = z.infer<typeof createFolderInputSchema>;

/** `PATCH /v1/folders/{id}`: a new name, a new parent (null: top level), or both. */
export const updateFolderInputSchema = z
  .strictObject({
    name: folderFieldSchemas.name.optional(),
    parent_id: folderFieldSchemas.parent_id.optional(),
  })
  .refine((v) => v.name !== undefined || v.parent_id !== undefined, {
    message: 'Send a name or a parent_id to change.',
    params: { issue: 'empty_update' },
  });
export type UpdateFolderInput = z.infer<typeof updateFolderInputSchema>;

/** `GET /v1/folders?parent_id=` (a parent's subfolders; absent: every folder). */
export const listFoldersQuerySchema = paginationQuerySchema.extend({
  parent_id: uuidSchema.optional(),
});
export type ListFoldersQuery = z.infer<typeof listFoldersQuerySchema>;

/** Up to 100 links moved in one request; `folder_id: null` takes them out of any folder. */
export const MOVE_MAX_LINKS = 100;
export const moveLinksInputSchema = z.strictObject({
  link_ids: z
    .array(uuidSchema)
    .min(1)
    .max(MOVE_MAX_LINKS)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
  folder_id: uuidSchema.nullable(),
});
export type MoveLinksInput = z.infer<typeof moveLinksInputSchema>;

export const folderSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  name: z.string(),
  parent_id: uuidSchema.nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Folder = z.infer<typeof folderSchema>;

export const moveLinksResultSchema = z.object({
  folder_id: uuidSchema.nullable(),
  moved: z.array(uuidSchema),
});
