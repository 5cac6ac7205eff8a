import { Hono } from 'hono';
import {
  createLinkInputSchema,
  listLinksQuerySchema,
  updateLinkInputSchema,
} from '@linkhub/shared/schemas/links';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, parseQuery, uuidParam } from '../../http/session-context';
import { authorizeRead, keyOrSessionCaller, requireActor, v1Caller } from '../../http/caller';
import { pageOf } from '../../http/cursor';
import { sendData, sendList } from '../../http/envelope';
import { domainIdForHost } from '../domains';
import { findLink, listLinks } from './queries';
import { defined, runCommandsThenRead, type CommandStep, commandStep } from '../../http/run';
import { createdLinkRecord, serializeLink } from './serializer';
import { notFoundAfterAuthorize } from '../../http/not-found';
import { createLinkSteps } from './create';
import { bulkCreateLinks } from './bulk';
import { warmDestinationDns } from './dns-warm';
import { bulkCreateLinksEnvelopeSchema } from './bulk-schema';
import { assertFresh, etagOf, ifMatchVersion } from '../../http/preconditions';
import {
  archiveLinkCommand,
  pauseLinkCommand,
  resumeLinkCommand,
  setLinkPasswordCommand,
  updateLinkCommand,
} from './commands';
import { moveLinksInputSchema } from '@linkhub/shared/schemas/folders';
import { memoUtmPresets, utmWithPreset } from '../utm-presets';

/** `/v1/links` (docs/product-rules.md#api): every write is the createLink/updateLink/… command the editor's mutators run. */
export function v1LinkRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const read = async (workspaceId: string, id: string) =>
    serializeLink(notFoundAfterAuthorize(await findLink(deps.pool, workspaceId, id)), deps.addressOf);

  app.get('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const query = parseQuery(c, listLinksQuerySchema);
    const scope = await authorizeRead(deps, caller, 'link.list', 'link');
    const { items, nextCursor } = pageOf(await listLinks(deps.pool, scope, query), query.limit);
    return sendList(
      c,
      items.map((row) => serializeLink(row, deps.addressOf)),
      nextCursor,
    );
  });

  app.post('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const input = await parseBody(c, createLinkInputSchema);
    await warmDestinationDns(deps.resolveHost, [input.destination_url]);
    const { id, steps } = await createLinkSteps(
      caller.workspaceId,
      input,
      (host) => domainIdForHost(deps.pool, caller.workspaceId, host),
      memoUtmPresets(deps.pool, caller.workspaceId),
    );
    const link = await runCommandsThenRead(deps, caller, c.get('requestId'), steps, async (results) => {
      // A createLink alone: its INSERT's row is the answer; with a schedule or rules (an updateLink
      // after it) the committed row is read back.
      const [created] = results;
      const plain = results.length === 1 && created ? createdLinkRecord(created) : null;
      return plain ? serializeLink(plain, deps.addressOf) : read(caller.workspaceId, id);
    });
    c.header('Location', `/v1/links/${id}`);
    return sendData(c, link, 201);
  });

  /** Up to 100 links in one request (the editor's CSV import too, with its session): each item succeeds or fails alone. */
  app.post('/bulk', async (c) => {
    await requireActor(c, deps);
    const body = await parseBody(c, bulkCreateLinksEnvelopeSchema);
    const caller = await keyOrSessionCaller(c, deps, body.workspace_id);
    const { data, meta } = await bulkCreateLinks(deps, caller, c.get('requestId'), body.links);
    return sendData(c, data, 200, meta);
  });

  /**
   * Moves up to 100 links into a folder (or, `folder_id: null`, out of any): each an updateLink, as
   * the editor's "Move to folder" sends them, in one transaction — all move or none does (D-620).
   */
  app.post('/move', async (c) => {
    const caller = await v1Caller(c, deps);
    const input = await parseBody(c, moveLinksInputSchema);
    const steps = input.link_ids.map((id, i) =>
      commandStep(
        updateLinkCommand,
        { id, workspace_id: caller.workspaceId, folder_id: input.folder_id },
        (field) => (field === 'id' ? `link_ids.${i}` : field),
      ),
    );
    await runCommandsThenRead(deps, caller, c.get('requestId'), steps, async () => null);
    return sendData(c, { folder_id: input.folder_id, moved: input.link_ids });
  });

  app.get('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    await authorizeRead(deps, caller, 'link.view', 'link', { type: 'link', id });
    const link = await read(caller.workspaceId, id);
    const tag = await etagOf(deps.pool, 'link', caller.workspaceId, id);
    if (tag) c.header('ETag', tag);
    return sendData(c, link);
  });

  app.patch('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    const input = await parseBody(c, updateLinkInputSchema);
    const expected = ifMatchVersion(c.req.header('If-Match'));
    // A conditional write names what changed: only to someone who may read the link (D-500).
    if (expected !== null) await authorizeRead(deps, caller, 'link.view', 'link', { type: 'link', id });
    if (input.destination_url !== undefined)
      await warmDestinationDns(deps.resolveHost, [input.destination_url]);
    const ref = { id, workspace_id: caller.workspaceId };
    const { status, password, utm_preset_id: presetId, ...fields } = input;
    const utm = await utmWithPreset(presetId, fields.utm, memoUtmPresets(deps.pool, caller.workspaceId));
    const changes = defined({ ...fields, utm });
    const steps: CommandStep[] = [];
    if (Object.keys(changes).length > 0) steps.push(commandStep(updateLinkCommand, { ...ref, ...changes }));
    if (password !== undefined) steps.push(commandStep(setLinkPasswordCommand, { ...ref, password }));
    if (status !== undefined)
      steps.push(commandStep(status === 'paused' ? pauseLinkCommand : resumeLinkCommand, ref));
    const check = assertFresh('link', { id, workspaceId: caller.workspaceId }, expected, Object.keys(input));
    const link = await runCommandsThenRead(
      deps,
      caller,
      c.get('requestId'),
      steps,
      () => read(caller.workspaceId, id),
      check,
    );
    const tag = await etagOf(deps.pool, 'link', caller.workspaceId, id);
    if (tag) c.header('ETag', tag);
    return sendData(c, link);
  });

  /** Archive (the link stops resolving; restore is the editor's). */
  app.delete('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    const steps = [commandStep(archiveLinkCommand, { id, workspace_id: caller.workspaceId })];
    return sendData(
      c,
      await runCommandsThenRead(deps, caller, c.get('requestId'), steps, () => read(caller.workspaceId, id)),
    );
  });

  return app;
}
