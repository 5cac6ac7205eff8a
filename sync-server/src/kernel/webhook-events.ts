import type { Queryable } from '@linkhub/shared/server/db/sql';
import type { MutatorDefinition } from '@linkhub/shared/mutators/define';
import type { WebhookEvent } from '@linkhub/shared/webhooks/events';
import { hasWebhookListeners, recordWebhookEvent } from '@linkhub/shared/server/webhooks/outbox';
import type { AddressOf } from '@linkhub/shared/url/public-address';
import type { Command, CommandContext, ResourceEventEmitter, WebhookResource } from './types';
import { listensFor } from './webhook-listeners';

/**
 * A resource's webhook events, declared by the resource (D-534): which of its commands emit which
 * event, and how its payload is read. Draft edits of a page's blocks emit nothing: what the public
 * sees changes when the page is published (`bio_page.published`).
 */
export type WebhookEventSource = {
  readonly resource: WebhookResource;
  /** The resource as `/v1` returns it, read inside the command's transaction (so it is what commits). */
  readonly load: (
    db: Queryable,
    addressOf: AddressOf,
    workspaceId: string,
    id: string,
  ) => Promise<Record<string, unknown> | null>;
  readonly emittedBy: ReadonlyArray<{ readonly command: MutatorDefinition; readonly type: WebhookEvent }>;
};

/** The event sources of every resource, as the command table hands them down. */
export class WebhookEvents implements ResourceEventEmitter {
  private readonly sources: ReadonlyMap<WebhookResource, WebhookEventSource>;
  private readonly byCommand: ReadonlyMap<string, { type: WebhookEvent; source: WebhookEventSource }>;

  constructor(sources: readonly WebhookEventSource[]) {
    const bySource = new Map<WebhookResource, WebhookEventSource>();
    const byCommand = new Map<string, { type: WebhookEvent; source: WebhookEventSource }>();
    for (const source of sources) {
      if (bySource.has(source.resource)) throw new Error(`two webhook event sources for ${source.resource}`);
      bySource.set(source.resource, source);
      for (const { command, type } of source.emittedBy) {
        if (byCommand.has(command.name)) throw new Error(`two webhook events for ${command.name}`);
        byCommand.set(command.name, { type, source });
      }
    }
    this.sources = bySource;
    this.byCommand = byCommand;
  }

  /**
   * Every command with an event records it after it ran, in its transaction (for the Replicache push
   * and `/v1` alike: one command layer), and its deliveries are enqueued with the command's other
   * post-commit jobs. A refused or rolled-back mutation emits nothing.
   */
  withEvents(commands: readonly Command[]): Command[] {
    return commands.map((command) => {
      const event = this.byCommand.get(command.name);
      if (!event) return command;
      return {
        ...command,
        run: async (ctx, args) => {
          const result = await command.run(ctx, args);
          if (result.resource)
            await emit(ctx, event.type, event.source, result.workspaceId, result.resource.id);
          return result;
        },
      };
    });
  }

  /** A resource changed as the side effect of another command (an experiment's promote) records its own event. */
  async emitResourceEvent(
    ctx: CommandContext,
    type: WebhookEvent,
    resource: WebhookResource,
    workspaceId: string,
    id: string,
  ): Promise<void> {
    const source = this.sources.get(resource);
    if (!source) throw new Error(`no webhook event source for ${resource}`);
    await emit(ctx, type, source, workspaceId, id);
  }
}

async function emit(
  ctx: CommandContext,
  type: WebhookEvent,
  source: WebhookEventSource,
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
