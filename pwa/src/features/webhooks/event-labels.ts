import {
  SUBSCRIBABLE_EVENTS,
  type SubscribableEvent,
  type WebhookEvent,
} from '@linkhub/shared/webhooks/events';
import type { DeliveryFailureReason } from '@linkhub/shared/webhooks/schemas';
import { ownEntry } from '@linkhub/shared/text/own-entry';

/** What each event is called in the editor. */
export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'link.created': 'Link created',
  'link.updated': 'Link updated',
  'link.archived': 'Link archived',
  'qr_code.created': 'QR code created',
  'qr_code.updated': 'QR code re-pointed or restyled',
  'qr_code.archived': 'QR code archived',
  'bio_page.created': 'Bio page created',
  'bio_page.updated': 'Bio page updated',
  'bio_page.published': 'Bio page published',
  'bio_page.archived': 'Bio page archived',
  'lead.created': 'New sign-up (lead)',
  'lead.confirmed': 'Sign-up confirmed',
  'domain.verified': 'Domain verified',
  'export.finished': 'Export ready',
  'link.clicked': 'Link clicked (batched)',
  'qr.scanned': 'QR code scanned (batched)',
  'page.viewed': 'Bio page viewed (batched)',
  'conversion.recorded': 'Conversion recorded',
  'webhook.test': 'Test event',
};

/** Why an attempt got no answer, as the delivery log says it (a code a newer worker writes shows as written). */
const FAILURE_LABELS: Record<DeliveryFailureReason, string> = {
  refused_address: 'refused: the address is private or local',
  unresolvable: 'host not found',
  bad_url: 'not a valid address',
  redirect: 'answered with a redirect (not followed)',
  http_status: 'answered with an error',
  timeout: 'timed out: no answer in time',
  network: 'connection failed',
  endpoint_disabled: 'not sent: the endpoint is off',
};

export function deliveryFailureLabel(lastError: string): string {
  return ownEntry(FAILURE_LABELS, lastError) ?? lastError.replace(/_/g, ' ');
}

export const CHOOSABLE_EVENTS: readonly SubscribableEvent[] = SUBSCRIBABLE_EVENTS;
