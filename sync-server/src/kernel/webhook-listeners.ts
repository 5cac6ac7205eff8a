import type { WebhookEvent } from '@linkhub/shared/webhooks/events';

/** An active endpoint of a workspace, as far as deciding whether an event has a listener goes. */
export type WebhookListener = { readonly events: readonly string[]; readonly page_id: string | null };

/**
 * The active endpoints of the workspace, as one column of the authorize load (kernel/authorize-input.ts):
 * a command then knows whether its event has a listener without asking again.
 */
export const WEBHOOK_LISTENERS_COLUMN = `COALESCE((SELECT json_agg(json_build_object('events', e.events, 'page_id', e.page_id))
              FROM webhook_endpoints e WHERE e.workspace_id = w.id AND e.deleted_at IS NULL AND e.status = 'active'), '[]'::json)`;

/** Whether an endpoint listens for `type` (an endpoint set up for one bio page hears only that page's events). */
export function listensFor(
  listeners: readonly WebhookListener[],
  type: WebhookEvent,
  pageId: string | null,
): boolean {
  return listeners.some((l) => l.events.includes(type) && (l.page_id === null || l.page_id === pageId));
}
