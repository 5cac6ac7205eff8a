import type { Queryable } from '@linkhub/shared/server/db/sql';
import type { WebhookEvent } from '@linkhub/shared/webhooks/events';
import { hasWebhookListeners, recordWebhookEvent } from '@linkhub/shared/server/webhooks/outbox';
import type { Command, CommandContext, CommandResult } from '../../kernel/types';
import { listensFor } from '../../kernel/webhook-listeners';
import { findLink } from '../links/queries';
import { findPage, pageBlocks } from '../pages/queries';
import { findQrCode } from '../qr-codes/queries';
import { serializeLink } from '../links/serializer';
import { serializePage } from '../pages/serializer';
import { serializeQrCode } from '../qr-codes/serializer';
import type { AddressOf } from '@linkhub/shared/url/public-address';

type Resource = 'link' | 'qr_code' | 'bio_page';

/**
 * Which commands emit which webhook event, as data. Draft edits of a page's blocks emit
 * nothing: what the public sees changes when the page is published (`bio_page.published`).
 */
export const COMMAND_EVENTS: Readonly<Record<string, { type: WebhookEvent; resource: Resource }>> = {
  createLink: { type: 'link.created', resource: 'link' },
  updateLink: { type: 'link.updated', resource: 'link' },
  pauseLink: { type: 'link.updated', resource: 'link' },
  resumeLink: { type: 'link.updated', resource: 'link' },
  restoreLink: { type: 'link.updated', resource: 'link' },
  archiveLink: { type: 'link.archived', resource: 'link' },
  createQrCode: { type: 'qr_code.created', resource: 'qr_code' },
  updateQrCode: { type: 'qr_code.updated', resource: 'qr_code' },
  restoreQrCode: { type: 'qr_code.updated', resource: 'qr_code' },
  archiveQrCode: { type: 'qr_code.archived', resource: 'qr_code' },
  createPage: { type: 'bio_page.created', resource: 'bio_page' },
  updatePage: { type: 'bio_page.updated', resource: 'bio_page' },
  unpublishPage: { type: 'bio_page.updated', resource: 'bio_page' },
  restorePageVersion: { type: 'bio_page.updated', resource: 'bio_page' },
  publishPage: { type: 'bio_page.published', resource: 'bio_page' },
  archivePage: { type: 'bio_page.archived', resource: 'bio_page' },
};

/** The resource as `/v1` returns it, read inside the command's transaction (so it is what commits). */
async function resourceData(
  db: Queryable,
  addressOf: AddressOf,
  resource: Resource,
  workspaceId: string,
  id: string,
): Promise<Record<string, unknown> | null> {
  switch (resource) {
    case 'link': {
      const row = await findLink(db, workspaceId, id);
      return row ? serializeLink(row, addressOf) : null;
    }
    case 'qr_code': {
      const row = await findQrCode(db, workspaceId, id);
      return row ? serializeQrCode(row, addressOf) : null;
    }
    case 'bio_page': {
      const row = await findPage(db, workspaceId, id);
      return row ? serializePage(row, await pageBlocks(db, id), addressOf) : null;
    }
  }
}

async function emit(ctx: CommandContext, type: WebhookEvent, resource: Resource, result: CommandResult) {
  if (!result.resource) return;
  const pageId = resource === 'bio_page' ? result.resource.id : null;
  // The authorize load read the endpoints of the workspace the mutation names; a command reports that workspace.
  const listened =
    ctx.webhookListeners !== null && ctx.member?.workspaceId === result.workspaceId
      ? listensFor(ctx.webhookListeners, type, pageId)
      : await hasWebhookListeners(ctx.tx, result.workspaceId, type, pageId);
  if (!listened) return;
  const data = await resourceData(ctx.tx, ctx.addressOf, resource, result.workspaceId, result.resource.id);
  if (!data) return;
  const jobs = await recordWebhookEvent(ctx.tx, {
    workspaceId: result.workspaceId,
    type,
    data,
    pageId,
  });
  for (const job of jobs) ctx.effects.enqueue(job);
}

/** A resource changed as the side effect of another command (an experiment's promote) records its own event. */
export async function emitResourceEvent(
  ctx: CommandContext,
  type: WebhookEvent,
  resource: Resource,
  workspaceId: string,
  id: string,
): Promise<void> {
  await emit(ctx, type, resource, { workspaceId, resource: { type: resource, id } });
}

/**
 * Every command named in COMMAND_EVENTS records its event after it ran, in its transaction (for
 * the Replicache push and `/v1` alike: one command layer), and its deliveries are enqueued with the
 * command's other post-commit jobs. A refused or rolled-back mutation emits nothing.
 */
export function withWebhookEvents(commands: readonly Command[]): Command[] {
  return commands.map((command) => {
    const event = COMMAND_EVENTS[command.name];
    if (!event) return command;
    return {
      ...command,
      run: async (ctx, args) => {
        const result = await command.run(ctx, args);
        await emit(ctx, event.type, event.resource, result);
        return result;
      },
    };
  });
}
