import { Hono } from 'hono';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { uuidv7 } from '@linkhub/shared/db';
import { createLinkInputSchema, listLinksQuerySchema, updateLinkInputSchema } from '@linkhub/shared/schemas/links';
import type { AppEnv } from '../../app-env';
import type { AppDeps } from '../../deps';
import { parseBody, parseQuery, uuidParam } from '../../accounts/http';
import { authorizeRead, v1Caller } from '../../v1/caller';
import { pageOf } from '../../v1/cursor';
import { sendData, sendList } from '../../v1/envelope';
import { domainIdForHost } from '../../v1/queries/domains';
import { findLink, listLinks } from '../../v1/queries/links';
import { defined, runCommands, type CommandStep } from '../../v1/run';
import { serializeLink } from '../../v1/serializers/links';
import { notFoundAfterAuthorize } from '../../v1/not-found';

/** Fields the command layer has no command for yet: refused as input rather than silently dropped. */
function refuseUnsupported(input: { publish?: boolean; expired_url?: string | null }): void {
  const details = [
    ...(input.publish === false ? [{ field: 'publish', issue: 'not_supported' }] : []),
    ...(input.expired_url !== undefined ? [{ field: 'expired_url', issue: 'not_supported' }] : []),
  ];
  if (details.length > 0) throw new ValidationError(details, { message: 'These fields are not supported by the API yet.' });
}

/** `/v1/links` (DESIGN §9): every write is the createLink/updateLink/… command the editor's mutators run. */
export function v1LinkRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const read = async (workspaceId: string, id: string) => serializeLink(notFoundAfterAuthorize(await findLink(deps.pool, workspaceId, id)));

  app.get('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const query = parseQuery(c, listLinksQuerySchema);
    const scope = await authorizeRead(deps, caller, 'link.list', 'link');
    const { items, nextCursor } = pageOf(await listLinks(deps.pool, scope, query), query.limit);
    return sendList(c, items.map(serializeLink), nextCursor);
  });

  app.post('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const input = await parseBody(c, createLinkInputSchema);
    refuseUnsupported(input);
    const id = uuidv7();
    const domainId = input.domain_id ?? (input.domain ? await domainIdForHost(deps.pool, caller.workspaceId, input.domain) : undefined);
    const ref = { id, workspace_id: caller.workspaceId };
    const steps: CommandStep[] = [
      {
        name: 'createLink',
        args: defined({ ...ref, destination_url: input.destination_url, slug: input.slug, domain_id: domainId, title: input.title, tags: input.tags, utm: input.utm }),
      },
    ];
    const later = defined({ starts_at: input.starts_at, expires_at: input.expires_at, rules: input.rules, destinations: input.destinations });
    if (Object.keys(later).length > 0) steps.push({ name: 'updateLink', args: { ...ref, ...later } });
    await runCommands(deps, caller, c.get('requestId'), steps);
    const link = await read(caller.workspaceId, id);
    c.header('Location', `/v1/links/${id}`);
    return sendData(c, link, 201);
  });

  app.get('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    await authorizeRead(deps, caller, 'link.view', 'link', { type: 'link', id });
    return sendData(c, await read(caller.workspaceId, id));
  });

  app.patch('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    const input = await parseBody(c, updateLinkInputSchema);
    refuseUnsupported(input);
    const ref = { id, workspace_id: caller.workspaceId };
    const { status, expired_url: _unsupported, ...fields } = input;
    const changes = defined(fields);
    const steps: CommandStep[] = [];
    if (Object.keys(changes).length > 0) steps.push({ name: 'updateLink', args: { ...ref, ...changes } });
    if (status !== undefined) steps.push({ name: status === 'paused' ? 'pauseLink' : 'resumeLink', args: ref });
    await runCommands(deps, caller, c.get('requestId'), steps);
    return sendData(c, await read(caller.workspaceId, id));
  });

  /** Archive (the link stops resolving; restore is the editor's). */
  app.delete('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    await runCommands(deps, caller, c.get('requestId'), [{ name: 'archiveLink', args: { id, workspace_id: caller.workspaceId } }]);
    return sendData(c, await read(caller.workspaceId, id));
  });

  return app;
}
