import type { Queryable } from '@linkhub/shared/server/db/sql';
import type { WebhookEvent } from '@linkhub/shared/webhooks/events';
import { hasWebhookListeners, recordWebhookEvent } from '@linkhub/shared/server/webhooks/outbox';
import type { AddressOf } from '@linkhub/shared/url/public-address';
import type { Command, CommandContext, CommandResult, ResourceEventEmitter } from './types';
import { listensFor } from './webhook-listeners';

/** The resources whose changes webhooks announce. */
export type WebhookResource = 'link' | 'qr_code' | 'bio_page';

/** The events of one resource (`link.created`, `link.updated`, …), as the type system knows them. */
export type EventOf<R extends WebhookResource> = Extract<WebhookEvent, `${R}.${string}`>;

/**
 * How a resource's webhook payload is read (D-592): the resource as `/v1` returns it, read inside the
 * command's transaction (so it is what commits).
 */
export type WebhookEventSource<R extends WebhookResource = WebhookResource> = {
  readonly resource: R;
  readonly load: (
    db: Queryable,
    addressOf: AddressOf,
    workspaceId: string,
    id: string,
  ) => Promise<Record<string, unknown> | null>;
};

/** One event of a resource, the object a command names as the event it emits (`webhookEvent`). */
export type ResourceWebhookEvent = { readonly type: WebhookEvent; readonly source: WebhookEventSource };

/** The events a resource's commands may name, each typed by the resource (`link.*` for links). */
export function resourceEvents<R extends WebhookResource, const K extends string>(
  source: WebhookEventSource<R>,
  types: Record<K, EventOf<R>>,
): Record<K, ResourceWebhookEvent> {
  const events = {} as Record<K, ResourceWebhookEvent>;
  for (const key of Object.keys(types) as K[]) events[key] = { type: types[key], source };
  return events;
}

/**
 * The event sources of every resource, gathered from the commands' own `webhookEvent` objects (one
 * source per resource, checked at start-up). Every command with an event records it after it ran, in
 * its transaction (for the Replicache push and `/v1` alike: one command layer), and its deliveries are
 * enqueued with the command's other post-commit jobs. A refused or rolled-back mutation emits nothing.
 */
export class WebhookEvents implements ResourceEventEmitter {
  private readonly sources: ReadonlyMap<WebhookResource, WebhookEventSource>;

  constructor(commands: readonly Command[]) {
    const sources = new Map<WebhookResource, WebhookEventSource>();
    for (const { webhookEvent } of commands) {
      if (!webhookEvent) continue;
      const known = sources.get(webhookEvent.source.resource);
      if (known !== undefined && known !== webhookEvent.source)
        throw new Error(`two webhook event sources for ${webhookEvent.source.resource}`);
      sources.set(webhookEvent.source.resource, webhookEvent.source);
    }
    this.sources = sources;
  }

  /** A command's own event, after it ran and reported its resource. */
  async afterRun(ctx: CommandContext, command: Command, result: CommandResult): Promise<void> {
    if (command.webhookEvent && result.resource)
      await emit(ctx, command.webhookEvent, result.workspaceId, result.resource.id);
  }

  /** A resource changed as the side effect of another command (an experiment's promote) records its own event. */
  async emitResourceEvent<R extends WebhookResource>(
    ctx: CommandContext,
    resource: R,
    type: EventOf<R>,
    workspaceId: string,
    id: string,
  ): Promise<void> {
    const source = this.sources.get(resource);
    if (!source) throw new Error(`no webhook event source for ${resource}`);
    await emit(ctx, { type, source }, workspaceId, id);
  }
}

async function emit(
  ctx: CommandContext,
  { type, source }: ResourceWebhookEvent,
  workspaceId: string,
  id: string,
): Promise<void> {
  const pageId = source.resource === 'bio_page' ? id : null;
  // The authorize load read the endpoints of the workspace the mutation names; a command reports that workspace.
  const listened =
    ctx.webhookListeners !== null && ctx.member?.workspaceId === workspaceId
      ? listensFor(ctx.webhookListeners, type, pageId)
      : await hasWebhookListeners(ctx.tx, workspaceId, type, pageId);
  if (!listened) return;
  const data = await source.load(ctx.tx, ctx.addressOf, workspaceId, id);
  if (!data) return;
  const jobs = await recordWebhookEvent(ctx.tx, { workspaceId, type, data, pageId });
  for (const job of jobs) ctx.effects.enqueue(job);
}
