import { Hono } from 'hono';
import {
  createFolderInputSchema,
  listFoldersQuerySchema,
  updateFolderInputSchema,
} from '@linkhub/shared/schemas/folders';
import { uuidv7 } from '@linkhub/shared/server/db';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, parseQuery, uuidParam } from '../../http/session-context';
import { authorizeRead, v1Caller } from '../../http/caller';
import { pageOf } from '../../http/cursor';
import { sendData, sendList } from '../../http/envelope';
import { notFoundAfterAuthorize } from '../../http/not-found';
import { commandStep, defined, runCommandsThenRead } from '../../http/run';
import { findFolder, listFolders } from './queries';
import { serializeFolder } from './serializer';
import { createFolderCommand, deleteFolderCommand, updateFolderCommand } from './commands';

/** `/v1/folders` (D-620): every write is the createFolder/updateFolder/deleteFolder command the editor's mutators run. */
export function v1FolderRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const read = async (workspaceId: string, id: string) =>
    serializeFolder(notFoundAfterAuthorize(await findFolder(deps.pool, workspaceId, id)));

  app.get('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const query = parseQuery(c, listFoldersQuerySchema);
    const scope = await authorizeRead(deps, caller, 'folder.list', 'folder');
    const { items, nextCursor } = pageOf(await listFolders(deps.pool, scope, query), query.limit);
    return sendList(c, items.map(serializeFolder), nextCursor);
  });

  app.post('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const input = await parseBody(c, createFolderInputSchema);
    const id = uuidv7();
    const step = commandStep(
      createFolderCommand,
      defined({ id, workspace_id: caller.workspaceId, ...input }),
    );
    const folder = await runCommandsThenRead(deps, caller, c.get('requestId'), [step], () =>
      read(caller.workspaceId, id),
    );
    c.header('Location', `/v1/folders/${id}`);
    return sendData(c, folder, 201);
  });

  app.get('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    await authorizeRead(deps, caller, 'folder.view', 'folder', { type: 'folder', id });
    return sendData(c, await read(caller.workspaceId, id));
  });

  app.patch('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    const input = await parseBody(c, updateFolderInputSchema);
    const step = commandStep(
      updateFolderCommand,
      defined({ id, workspace_id: caller.workspaceId, ...input }),
    );
    return sendData(
      c,
      await runCommandsThenRead(deps, caller, c.get('requestId'), [step], () => read(caller.workspaceId, id)),
    );
  });

  /** The folder goes; its links stay, in no folder, and its subfolders move to the top level. */
  app.delete('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    await authorizeRead(deps, caller, 'folder.view', 'folder', { type: 'folder', id });
    const before = await read(caller.workspaceId, id);
    const step = commandStep(deleteFolderCommand, { id, workspace_id: caller.workspaceId });
    await runCommandsThenRead(deps, caller, c.get('requestId'), [step], async () => null);
    return sendData(c, before);
  });

  return app;
}
