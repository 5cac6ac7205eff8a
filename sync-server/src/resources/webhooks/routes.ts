import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import { authorize } from '@linkhub/shared/permissions/authorize';
import { assertAllowed } from '@linkhub/shared/permissions/decision';
import {
  createWebhookEndpointInputSchema,
  rotateWebhookSecretInputSchema,
  updateWebhookEndpointInputSchema,
  webhookDeliveriesQuerySchema,
  webhookWorkspaceQuerySchema,
} from '@linkhub/shared/webhooks/schemas';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, parseQuery, uuidParam } from '../../http/session-context';
import { loadAuthorizeInput } from '../../kernel/authorization';
import { keyOrSessionCaller, requireActor, type V1Caller } from '../../http/caller';
import { pageOf } from '../../http/cursor';
import { sendData, sendList } from '../../http/envelope';
import { runCommands } from '../../http/run';
import { commandStep, type Command } from '../../kernel/types';
import { lastFour } from './endpoint-config';
import { findEndpoint, listDeliveries, listEndpoints, serializeDelivery } from './queries';
import {
  createWebhookEndpointCommand,
  deleteWebhookEndpointCommand,
  replayWebhookDeliveryCommand,
  rotateWebhookSecretCommand,
  sendTestWebhookCommand,
  updateWebhookEndpointCommand,
} from './commands';

const revealSchema = z.object({
  secret: z.string().nullable(),
  previous_secret_expires_at: z.string().nullable(),
});
const queuedSchema = z.object({ delivery_id: z.uuid(), event_id: z.uuid() });

/**
 * Reading webhooks is `webhook.view_deliveries` (row 119). The list addresses the workspace's
 * endpoints as a whole: webhook endpoints carry no grant or state, so the decision for the
 * collection is the one authorize() gives for any one endpoint of it.
 */
async function authorizeWebhookRead(deps: AppDeps, caller: V1Caller, endpointId?: string): Promise<void> {
  const ref = endpointId === undefined ? undefined : ({ type: 'webhook', id: endpointId } as const);
  const input = await loadAuthorizeInput(
    deps.pool,
    caller.by,
    'webhook.view_deliveries',
    caller.workspaceId,
    ref,
  );
  assertAllowed(
    authorize(
      endpointId === undefined
        ? {
            ...input,
            resource: { type: 'webhook', id: caller.workspaceId, workspace_id: caller.workspaceId },
          }
        : input,
    ),
  );
}

/**
 * `/v1/webhooks`: endpoints and ESP adapters, their delivery logs, replay and test sends.
 * An API key (`webhooks:read` / `webhooks:write`) or the editor's session naming `?workspace_id=`.
 * Every write is a command (resources/webhooks/commands.ts), the same the mutators declare.
 */
export function v1WebhookRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const caller = async (c: Context<AppEnv>): Promise<V1Caller> => {
    await requireActor(c, deps);
    const { workspace_id } = parseQuery(c, webhookWorkspaceQuerySchema);
    return keyOrSessionCaller(c, deps, workspace_id);
  };
  const endpointOr404 = async (workspaceId: string, id: string) => {
    const endpoint = await findEndpoint(deps.pool, workspaceId, id);
    if (!endpoint) throw new NotFoundError();
    return endpoint;
  };
  const run = <S extends z.ZodType>(
    c: Context<AppEnv>,
    by: V1Caller,
    command: Command<S>,
    args: z.input<S>,
  ) => runCommands(deps, by, c.get('requestId'), [commandStep(command, args)]);

  app.get('/', async (c) => {
    const by = await caller(c);
    await authorizeWebhookRead(deps, by);
    return sendList(c, await listEndpoints(deps.pool, by.workspaceId), null);
  });

  app.post('/', async (c) => {
    const by = await caller(c);
    const input = await parseBody(c, createWebhookEndpointInputSchema);
    const id = randomUUID();
    const [result] = await run(c, by, createWebhookEndpointCommand, {
      workspace_id: by.workspaceId,
      ...input,
      id,
    });
    const reveal = revealSchema.parse(result?.value);
    c.header('Location', `/v1/webhooks/${id}`);
    c.header('Cache-Control', 'no-store');
    return sendData(c, { ...(await endpointOr404(by.workspaceId, id)), secret: reveal.secret }, 201);
  });

  app.get('/:id', async (c) => {
    const by = await caller(c);
    const id = uuidParam(c, 'id');
    await authorizeWebhookRead(deps, by, id);
    return sendData(c, await endpointOr404(by.workspaceId, id));
  });

  app.patch('/:id', async (c) => {
    const by = await caller(c);
    const id = uuidParam(c, 'id');
    const input = await parseBody(c, updateWebhookEndpointInputSchema);
    await run(c, by, updateWebhookEndpointCommand, { workspace_id: by.workspaceId, ...input, id });
    return sendData(c, await endpointOr404(by.workspaceId, id));
  });

  app.delete('/:id', async (c) => {
    const by = await caller(c);
    const id = uuidParam(c, 'id');
    const endpoint = await endpointOr404AfterAuthorize(deps, by, id);
    await run(c, by, deleteWebhookEndpointCommand, { workspace_id: by.workspaceId, id });
    return sendData(c, { ...endpoint, status: 'disabled' as const });
  });

  app.post('/:id/rotate-secret', async (c) => {
    const by = await caller(c);
    const id = uuidParam(c, 'id');
    const input = await parseBody(c, rotateWebhookSecretInputSchema);
    const [result] = await run(c, by, rotateWebhookSecretCommand, {
      workspace_id: by.workspaceId,
      ...input,
      id,
    });
    const reveal = revealSchema.parse(result?.value);
    const secret = reveal.secret ?? '';
    c.header('Cache-Control', 'no-store');
    // The stored last four are the new secret's: no need to read the endpoint back.
    return sendData(c, {
      id,
      secret,
      secret_last4: lastFour(secret),
      previous_secret_expires_at: reveal.previous_secret_expires_at,
    });
  });

  app.post('/:id/test', async (c) => {
    const by = await caller(c);
    const id = uuidParam(c, 'id');
    const [result] = await run(c, by, sendTestWebhookCommand, {
      workspace_id: by.workspaceId,
      id,
      event_id: randomUUID(),
    });
    const queued = queuedSchema.parse(result?.value);
    return sendData(c, { ...queued, status: 'pending' as const }, 201);
  });

  app.get('/:id/deliveries', async (c) => {
    await requireActor(c, deps);
    const query = parseQuery(c, webhookDeliveriesQuerySchema);
    const by = await keyOrSessionCaller(c, deps, query.workspace_id);
    const id = uuidParam(c, 'id');
    await authorizeWebhookRead(deps, by, id);
    const { items, nextCursor } = pageOf(await listDeliveries(deps.pool, id, query), query.limit);
    return sendList(c, items.map(serializeDelivery), nextCursor);
  });

  app.post('/:id/deliveries/:delivery_id/replay', async (c) => {
    const by = await caller(c);
    const id = uuidParam(c, 'id');
    const [result] = await run(c, by, replayWebhookDeliveryCommand, {
      workspace_id: by.workspaceId,
      id,
      delivery_id: uuidParam(c, 'delivery_id'),
    });
    const queued = queuedSchema.parse(result?.value);
    return sendData(c, { ...queued, status: 'pending' as const });
  });

  return app;
}

/** The endpoint as it stands before a delete (authorize() runs first, so a missing one and a forbidden one answer alike). */
async function endpointOr404AfterAuthorize(deps: AppDeps, by: V1Caller, id: string) {
  const input = await loadAuthorizeInput(deps.pool, by.by, 'webhook.delete', by.workspaceId, {
    type: 'webhook',
    id,
  });
  assertAllowed(authorize(input));
  const endpoint = await findEndpoint(deps.pool, by.workspaceId, id);
  if (!endpoint) throw new NotFoundError();
  return endpoint;
}
