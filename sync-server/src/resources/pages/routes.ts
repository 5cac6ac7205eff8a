import type { z } from 'zod';
import type { addBlock } from '@linkhub/shared/mutators/pages';
import { Hono } from 'hono';
import { generateNKeysBetween } from 'fractional-indexing';
import { uuidv7 } from '@linkhub/shared/server/db';
import { blockData, type BlockInput } from '@linkhub/shared/schemas/blocks';
import {
  createPageInputSchema,
  listPagesQuerySchema,
  updatePageInputSchema,
} from '@linkhub/shared/schemas/pages';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, parseQuery, uuidParam } from '../../http/session-context';
import { authorizeRead, v1Caller } from '../../http/caller';
import { pageOf } from '../../http/cursor';
import { sendData, sendList } from '../../http/envelope';
import { notFoundAfterAuthorize } from '../../http/not-found';
import { findPage, listPages, pageBlocks } from './queries';
import { domainIdForHost } from '../domains';
import { defined, runCommands, type CommandStep, commandStep } from '../../http/run';
import { serializePage } from './serializer';
import { sharingArgsOf } from './sharing';
import { assertFresh, etagOf, ifMatchVersion } from '../../http/preconditions';
import { createPageCommand, publishPageCommand, updatePageCommand } from './commands';
import { archivePageCommand } from './archive';
import { addBlockCommand, removeBlockCommand } from './blocks';

/** addBlock steps for a block list, in order, on fresh fractional positions. */
function addBlockSteps(pageId: string, workspaceId: string, blocks: readonly BlockInput[]): CommandStep[] {
  const positions = generateNKeysBetween(null, null, blocks.length);
  return blocks.map((block, i) => {
    const { type, data } = blockData(block);
    return commandStep(
      addBlockCommand,
      {
        id: uuidv7(),
        page_id: pageId,
        workspace_id: workspaceId,
        type,
        // The body's block fields came parsed from JSON; the command's schema checks them again.
        data: data as z.input<typeof addBlock.args>['data'],
        position: positions[i] ?? 'a0',
      },
      // The command names the block's fields `data.…`; the REST body has them flat under `blocks.N`.
      (field: string) => `blocks.${i}.${field.replace(/^data\./, '')}`,
    );
  });
}

/** `/v1/pages` (docs/product-rules.md#api): pages and their blocks through createPage/addBlock/…; publish freezes the draft. */
export function v1PageRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const read = async (workspaceId: string, id: string) => {
    const row = notFoundAfterAuthorize(await findPage(deps.pool, workspaceId, id));
    return serializePage(row, await pageBlocks(deps.pool, id), deps.addressOf);
  };

  app.get('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const query = parseQuery(c, listPagesQuerySchema);
    const scope = await authorizeRead(deps, caller, 'bio_page.list', 'bio_page');
    const { items, nextCursor } = pageOf(await listPages(deps.pool, scope, query), query.limit);
    const withBlocks = await Promise.all(
      items.map(async (row) => serializePage(row, await pageBlocks(deps.pool, row.id), deps.addressOf)),
    );
    return sendList(c, withBlocks, nextCursor);
  });

  app.post('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const input = await parseBody(c, createPageInputSchema);
    const domainId =
      input.domain === undefined
        ? undefined
        : await domainIdForHost(deps.pool, caller.workspaceId, input.domain);
    const id = uuidv7();
    await runCommands(deps, caller, c.get('requestId'), [
      commandStep(
        createPageCommand,
        defined({
          id,
          workspace_id: caller.workspaceId,
          handle: input.handle,
          title: input.title,
          bio: input.bio,
          theme: input.theme,
          avatar_asset_id: input.avatar,
          domain_id: domainId,
          notice: input.notice,
          ...sharingArgsOf(input),
        }),
      ),
      ...addBlockSteps(id, caller.workspaceId, input.blocks ?? []),
    ]);
    c.header('Location', `/v1/pages/${id}`);
    return sendData(c, await read(caller.workspaceId, id), 201);
  });

  app.get('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    await authorizeRead(deps, caller, 'bio_page.view', 'bio_page', { type: 'bio_page', id });
    const page = await read(caller.workspaceId, id);
    const tag = await etagOf(deps.pool, 'bio_page', caller.workspaceId, id);
    if (tag) c.header('ETag', tag);
    return sendData(c, page);
  });

  /** Page fields; `blocks`, when sent, replaces the whole draft block list in order. */
  app.patch('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    const input = await parseBody(c, updatePageInputSchema);
    const ws = caller.workspaceId;
    const expected = ifMatchVersion(c.req.header('If-Match'));
    // A conditional write names what changed: only to someone who may read the page (D-500).
    if (expected !== null)
      await authorizeRead(deps, caller, 'bio_page.view', 'bio_page', { type: 'bio_page', id });
    const domainId =
      input.domain === undefined ? undefined : await domainIdForHost(deps.pool, ws, input.domain);
    const fields = defined({
      handle: input.handle,
      title: input.title,
      bio: input.bio === null ? '' : input.bio,
      theme: input.theme,
      avatar_asset_id: input.avatar,
      domain_id: domainId,
      notice: input.notice,
      ...sharingArgsOf(input),
    });
    const steps: CommandStep[] = [];
    if (Object.keys(fields).length > 0 || input.blocks === undefined)
      steps.push(commandStep(updatePageCommand, { id, workspace_id: ws, ...fields }));
    if (input.blocks !== undefined) {
      // Authorize before reading the block ids, so an unknown page answers the same 404 as always.
      await authorizeRead(deps, caller, 'bio_page.view', 'bio_page', { type: 'bio_page', id });
      const existing = await pageBlocks(deps.pool, id);
      steps.push(
        ...existing.map((b) => commandStep(removeBlockCommand, { id: b.id, page_id: id, workspace_id: ws })),
      );
      steps.push(...addBlockSteps(id, ws, input.blocks));
    }
    await runCommands(
      deps,
      caller,
      c.get('requestId'),
      steps,
      assertFresh('bio_page', { id, workspaceId: ws }, expected, Object.keys(input)),
    );
    const tag = await etagOf(deps.pool, 'bio_page', ws, id);
    if (tag) c.header('ETag', tag);
    return sendData(c, await read(ws, id));
  });

  app.delete('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    await runCommands(deps, caller, c.get('requestId'), [
      commandStep(archivePageCommand, { id, workspace_id: caller.workspaceId }),
    ]);
    return sendData(c, await read(caller.workspaceId, id));
  });

  app.post('/:id/publish', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    await runCommands(deps, caller, c.get('requestId'), [
      commandStep(publishPageCommand, { id, workspace_id: caller.workspaceId }),
    ]);
    return sendData(c, await read(caller.workspaceId, id));
  });

  return app;
}
