import { NotFoundError } from '@linkhub/shared/errors/app-error';
import { one } from '@linkhub/shared/server/db/sql';
import { authorizeCommand } from '../../kernel/authorization';
import type { CommandContext } from '../../kernel/types';

/**
 * A link may go only into a live folder of its workspace that the actor may see (a scoped member:
 * a folder granted to them, directly or through its parent, D-622); anything else is the same 404
 * as a missing folder, on the `folder_id` field.
 */
export async function assertFolderUsable(
  ctx: CommandContext,
  workspaceId: string,
  folderId: string | null | undefined,
): Promise<void> {
  if (folderId === undefined || folderId === null) return;
  const missing = () =>
    new NotFoundError({
      message: 'This workspace has no such folder.',
      details: [{ field: 'folder_id', issue: 'not_found' }],
    });
  try {
    await authorizeCommand(ctx.tx, ctx.by, 'folder.view', workspaceId, { type: 'folder', id: folderId });
  } catch (error) {
    if (error instanceof NotFoundError) throw missing();
    throw error;
  }
  // Held until commit, so a delete of the folder running meanwhile waits and then moves this link out too.
  const live = await one(
    ctx.tx,
    'SELECT 1 FROM link_folders WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL FOR SHARE',
    [folderId, workspaceId],
  );
  if (live === undefined) throw missing();
}
