import { ConflictError, NotFoundError, SemanticError } from '@linkhub/shared/errors/app-error';
import { createFolder, deleteFolder, updateFolder } from '@linkhub/shared/mutators/folders';
import { pgErrorInfo } from '@linkhub/shared/server/db/errors';
import { one } from '@linkhub/shared/server/db/sql';
import { authorizeCommand } from '../../kernel/authorization';
import { audit, grantToCreator } from '../../kernel/support';
import type { Command, CommandContext, CommandResult } from '../../kernel/types';
import { defineCommand } from '../../kernel/types';

type FolderRow = { id: string; name: string; parent_id: string | null; has_children: boolean };

const tooDeep = (issue: string) =>
  new SemanticError('folder_too_deep', { details: [{ field: 'parent_id', issue }] });

/** The database's own refusals (a race past the checks below) as the errors a user can act on. */
async function withFolderRefusals<T>(statement: () => Promise<T>): Promise<T> {
  try {
    return await statement();
  } catch (error) {
    const info = pgErrorInfo(error);
    if (info?.triggerCode === 'folder_too_deep') throw tooDeep('too_deep');
    if (info?.sqlState === '23505' && info.constraint === 'ux_link_folders_name')
      throw new ConflictError('conflict', {
        message: 'A folder of that name is already there.',
        details: [{ field: 'name', issue: 'already_exists' }],
      });
    throw error;
  }
}

async function loadFolder(ctx: CommandContext, workspaceId: string, id: string): Promise<FolderRow> {
  const row = await one<FolderRow>(
    ctx.tx,
    `SELECT f.id, f.name, f.parent_id,
            EXISTS (SELECT 1 FROM link_folders c WHERE c.parent_id = f.id AND c.deleted_at IS NULL) AS has_children
       FROM link_folders f WHERE f.id = $1 AND f.workspace_id = $2 AND f.deleted_at IS NULL FOR UPDATE OF f`,
    [id, workspaceId],
  );
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * A parent the actor may see (a scoped member: a folder granted to them, else the same 404 as a
 * missing one) that is itself top-level; a folder with subfolders takes no parent (D-620).
 */
async function assertParentFits(
  ctx: CommandContext,
  workspaceId: string,
  parentId: string,
  folder: FolderRow | null,
): Promise<void> {
  if (folder !== null && folder.id === parentId) throw tooDeep('own_parent');
  try {
    await authorizeCommand(ctx.tx, ctx.by, 'folder.view', workspaceId, { type: 'folder', id: parentId });
  } catch (error) {
    if (error instanceof NotFoundError)
      throw new NotFoundError({ details: [{ field: 'parent_id', issue: 'not_found' }] });
    throw error;
  }
  const parent = await loadFolder(ctx, workspaceId, parentId);
  if (parent.parent_id !== null) throw tooDeep('parent_is_subfolder');
  if (folder?.has_children === true) throw tooDeep('has_subfolders');
}

const describeFolder: Command['describe'] = async (ctx, raw) => {
  const args = raw as { id?: unknown; workspace_id?: unknown };
  if (typeof args.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(args.id)) return { workspaceId: null };
  const row = await one<{ name: string; workspace_id: string }>(
    ctx.tx,
    'SELECT name, workspace_id FROM link_folders WHERE id = $1',
    [args.id],
  );
  return row && row.workspace_id === args.workspace_id
    ? { workspaceId: row.workspace_id, resource: { type: 'folder', id: args.id, title: row.name } }
    : { workspaceId: null };
};

/** The folder commands (D-620): the server side of the folder mutators, REST and push alike. */
export const createFolderCommand = defineCommand(createFolder, {
  describe: async (_ctx, raw) => ({
    workspaceId: null,
    resource: {
      type: 'folder',
      id: String((raw as { id?: unknown }).id ?? ''),
      title: String((raw as { name?: unknown }).name ?? 'a new folder'),
    },
  }),
  run: async (ctx, args): Promise<CommandResult> => {
    if (args.parent_id !== undefined && args.parent_id !== null)
      await assertParentFits(ctx, args.workspace_id, args.parent_id, null);
    const row = await withFolderRefusals(() =>
      one<Record<string, unknown>>(
        ctx.tx,
        `INSERT INTO link_folders (id, workspace_id, parent_id, name, created_by_user_id)
         VALUES ($1, $2, $3, $4, $5) RETURNING id, workspace_id, name, parent_id, created_at, updated_at`,
        [args.id, args.workspace_id, args.parent_id ?? null, args.name, ctx.by.userId],
      ),
    );
    // A scoped member keeps what they make (docs/product-rules.md#permissions): the folder is granted to them.
    await grantToCreator(ctx, args.workspace_id, 'folder', args.id);
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'folder.created',
      resourceType: 'folder',
      resourceId: args.id,
      after: { name: args.name, parent_id: args.parent_id ?? null },
    });
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'folder', id: args.id, title: args.name },
      ...(row ? { row } : {}),
    };
  },
});

export const updateFolderCommand = defineCommand(updateFolder, {
  describe: describeFolder,
  run: async (ctx, args) => {
    const before = await loadFolder(ctx, args.workspace_id, args.id);
    if (args.parent_id !== undefined && args.parent_id !== null)
      await assertParentFits(ctx, args.workspace_id, args.parent_id, before);
    await withFolderRefusals(() =>
      ctx.tx.query(
        `UPDATE link_folders SET name = COALESCE($2, name),
                parent_id = CASE WHEN $3::boolean THEN $4::uuid ELSE parent_id END, updated_at = now()
          WHERE id = $1`,
        [args.id, args.name ?? null, args.parent_id !== undefined, args.parent_id ?? null],
      ),
    );
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'folder.updated',
      resourceType: 'folder',
      resourceId: args.id,
      before: { name: before.name, parent_id: before.parent_id },
      after: { name: args.name ?? before.name, parent_id: args.parent_id ?? before.parent_id },
    });
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'folder', id: args.id, title: before.name },
    };
  },
});

export const deleteFolderCommand = defineCommand(deleteFolder, {
  describe: describeFolder,
  run: async (ctx, args) => {
    const before = await loadFolder(ctx, args.workspace_id, args.id);
    // Links are never deleted with their folder: they move to no folder; subfolders move to the top level.
    const moved = await ctx.tx.query(
      'UPDATE links SET folder_id = NULL, updated_at = now() WHERE folder_id = $1 AND workspace_id = $2',
      [args.id, args.workspace_id],
    );
    await ctx.tx.query(
      'UPDATE link_folders SET parent_id = NULL, updated_at = now() WHERE parent_id = $1 AND workspace_id = $2',
      [args.id, args.workspace_id],
    );
    // Soft: the grants that name it stay, so a member it was granted to is never widened (D-622).
    await ctx.tx.query('UPDATE link_folders SET deleted_at = now(), updated_at = now() WHERE id = $1', [
      args.id,
    ]);
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'folder.deleted',
      resourceType: 'folder',
      resourceId: args.id,
      before: { name: before.name, parent_id: before.parent_id },
      metadata: { links_moved_out: moved.rowCount ?? 0 },
    });
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'folder', id: args.id, title: before.name },
    };
  },
});
