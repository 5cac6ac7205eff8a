import { hasWebhookListeners, recordWebhookEvent } from '@linkhub/shared/server/webhooks/outbox';
import type { Command, CommandContext, CommandResult, ResourceEventEmitter } from './types';
import { listensFor } from './webhook-listeners';
import type {
  EventOf,
  ResourceWebhookEvent,
  WebhookEventSource,
  WebhookResource,
} from './webhook-event-source';

export {
  resourceEvents,
  type EventOf,
  type ResourceWebhookEvent,
  type WebhookEventSource,
  type WebhookResource,
} from './webhook-event-source';

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
