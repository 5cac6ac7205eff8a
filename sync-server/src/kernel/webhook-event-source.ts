import type { Queryable } from '@linkhub/shared/server/db/sql';
import type { WebhookEvent } from '@linkhub/shared/webhooks/events';
import type { AddressOf } from '@linkhub/shared/url/public-address';

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
