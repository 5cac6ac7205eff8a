import { Hono } from 'hono';
import { z } from 'zod';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { uuidv7 } from '@linkhub/shared/server/db';
import { paginationQuerySchema } from '@linkhub/shared/schemas/common';
import { createDomainInputSchema, updateDomainInputSchema } from '@linkhub/shared/schemas/domains';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, parseQuery, uuidParam } from '../../http/session-context';
import { authorizeRead, v1Caller } from '../../http/caller';
import { pageOf } from '../../http/cursor';
import { sendData, sendList } from '../../http/envelope';
import { notFoundAfterAuthorize } from '../../http/not-found';
import { findDomain, listDomains } from './queries';
import { runCommands, commandStep } from '../../http/run';
import { serializeDomain } from './serializer';
import { addDomainCommand, removeDomainCommand, updateDomainCommand, verifyDomainCommand } from './commands';

/** `/v1/domains`: the workspace's custom domains through the domain commands (`domains:*` scopes). */
export function v1DomainRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const read = async (workspaceId: string, id: string) =>
    serializeDomain(notFoundAfterAuthorize(await findDomain(deps.pool, workspaceId, id)));

  app.get('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const query = parseQuery(c, paginationQuerySchema);
    const scope = await authorizeRead(deps, caller, 'domain.list', 'domain');
    const { items, nextCursor } = pageOf(await listDomains(deps.pool, scope, query), query.limit);
    return sendList(c, items.map(serializeDomain), nextCursor);
  });

  app.post('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const input = await parseBody(c, createDomainInputSchema);
    const unsupported = [
      ...(input.root_handle !== undefined ? [{ field: 'root_handle', issue: 'not_supported' }] : []),
      ...(input.not_found_url !== undefined ? [{ field: 'not_found_url', issue: 'not_supported' }] : []),
    ];
    if (unsupported.length > 0)
      throw new ValidationError(unsupported, {
        message: 'Set these once the domain exists: PATCH /v1/domains/{id}.',
      });
    const id = uuidv7();
    await runCommands(deps, caller, c.get('requestId'), [
      commandStep(addDomainCommand, {
        id,
        workspace_id: caller.workspaceId,
        hostname: input.hostname,
        purpose: input.purpose,
      }),
    ]);
    c.header('Location', `/v1/domains/${id}`);
    return sendData(c, await read(caller.workspaceId, id), 201);
  });

  app.get('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    await authorizeRead(deps, caller, 'domain.view', 'domain', { type: 'domain', id });
    return sendData(c, await read(caller.workspaceId, id));
  });

  app.patch('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    const input = await parseBody(c, updateDomainInputSchema);
    await runCommands(deps, caller, c.get('requestId'), [
      commandStep(updateDomainCommand, { id, workspace_id: caller.workspaceId, ...input }),
    ]);
    return sendData(c, await read(caller.workspaceId, id));
  });

  /** Check the DNS again now (the worker does it; read the domain later for the outcome). */
  app.post('/:id/verify', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    // No body, or an empty object: anything in it is a key this route does not know.
    await parseBody(c, z.strictObject({}));
    await runCommands(deps, caller, c.get('requestId'), [
      commandStep(verifyDomainCommand, { id, workspace_id: caller.workspaceId }),
    ]);
    return sendData(c, await read(caller.workspaceId, id));
  });

  app.delete('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    await runCommands(deps, caller, c.get('requestId'), [
      commandStep(removeDomainCommand, { id, workspace_id: caller.workspaceId }),
    ]);
    return sendData(
      c,
      serializeDomain(notFoundAfterAuthorize(await findDomain(deps.pool, caller.workspaceId, id, true))),
    );
  });

  return app;
}
