import { z } from 'zod';
import { syncKeys } from '../sync/keys';
import { folderViewSchema, type FolderView } from '../sync/views';
import { folderFieldSchemas as f } from '../schemas/folders';
import { defineMutator } from './define';
import { idArg, workspaceArg } from './args';
import { nowIso, patchView } from './client-store';

const ref = { id: idArg, workspace_id: workspaceArg };

/** `POST /v1/folders`, field for field (D-620). */
export const createFolderArgs = z.strictObject({
  ...ref,
  name: f.name,
  parent_id: f.parent_id.optional(),
});

export const updateFolderArgs = z
  .strictObject({ ...ref, name: f.name.optional(), parent_id: f.parent_id.optional() })
  .refine((v) => v.name !== undefined || v.parent_id !== undefined, {
    message: 'Send a name or a parent_id to change.',
    params: { issue: 'empty_update' },
  });

export const folderRefArgs = z.strictObject(ref);

export const createFolder = defineMutator({
  name: 'createFolder',
  args: createFolderArgs,
  action: 'folder.create',
  client: async (tx, args) => {
    const now = nowIso();
    const view: FolderView = {
      id: args.id,
      workspace_id: args.workspace_id,
      name: args.name,
      parent_id: args.parent_id ?? null,
      created_at: now,
      updated_at: now,
    };
    await tx.set(syncKeys.folder(args.id), view);
  },
});

export const updateFolder = defineMutator({
  name: 'updateFolder',
  args: updateFolderArgs,
  action: 'folder.update',
  target: (args) => ({ type: 'folder', id: args.id }),
  client: async (tx, { id, workspace_id: _ws, ...patch }) => {
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    await patchView(tx, syncKeys.folder(id), folderViewSchema, clean, nowIso());
  },
});

/** Deleting a folder never deletes links: they (and its subfolders) move out, to no folder and the top level. */
export const deleteFolder = defineMutator({
  name: 'deleteFolder',
  args: folderRefArgs,
  action: 'folder.delete',
  target: (args) => ({ type: 'folder', id: args.id }),
  client: async (tx, { id }) => {
    await tx.del(syncKeys.folder(id));
    const now = nowIso();
    for await (const [key, value] of tx.scan({ prefix: 'link/' }).entries()) {
      if (typeof value === 'object' && value !== null && 'folder_id' in value && value.folder_id === id)
        await tx.set(key, { ...value, folder_id: null, updated_at: now });
    }
    for await (const [key, value] of tx.scan({ prefix: 'folder/' }).entries()) {
      const parsed = folderViewSchema.safeParse(value);
      if (parsed.success && parsed.data.parent_id === id)
        await tx.set(key, { ...parsed.data, parent_id: null, updated_at: now });
    }
  },
});

export const folderMutators = [createFolder, updateFolder, deleteFolder] as const;
