import {
  SUBSCRIBABLE_EVENTS,
  type SubscribableEvent,
  type WebhookEvent,
} from '@linkhub/shared/webhooks/events';

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
  'webhook.test': 'Test event',
};

export const CHOOSABLE_EVENTS: readonly SubscribableEvent[] = SUBSCRIBABLE_EVENTS;
