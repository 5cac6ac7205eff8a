import { createHash } from 'node:crypto';
import type { TrafficEvent } from '@linkhub/shared/webhooks/events';
import type { TrafficEventData } from '@linkhub/shared/webhooks/traffic-events';
import type { ClickRow } from '../../ingest/click-row';

const TYPE_OF: Record<ClickRow['subject']['event_type'], TrafficEvent> = {
  click: 'link.clicked',
  scan: 'qr.scanned',
  page_view: 'page.viewed',
};

/**
 * A stored event's webhook id: a UUID (version 8) from the stream message id, so a batch the
 * ingest handles twice (a claimed entry) carries the same ids and the receiver can skip them.
 */
export function trafficEventId(streamMessageId: string): string {
  const hex = createHash('sha256').update(`traffic:${streamMessageId}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * One ingested row as a webhook carries it, or null for a bot (bots are not delivered, D-632).
 * Built field by field from the coarse columns: the row's User-Agent hash and language stay behind,
 * and the row never held an IP address.
 */
export function trafficEventOf(row: ClickRow): TrafficEventData | null {
  if (row.ua.is_bot) return null;
  const { subject, geo, ua, utm } = row;
  return {
    id: trafficEventId(row.stream_message_id),
    type: TYPE_OF[subject.event_type],
    occurred_at: row.occurred_at.toISOString(),
    resource: { type: subject.resource_type, id: subject.resource_id, parent_id: subject.parent_resource_id },
    country: geo.country_code,
    region: geo.region_code,
    device_type: ua.device_type,
    os_family: ua.os_family,
    browser_family: ua.browser_family,
    referrer_host: row.referrer_host,
    utm: {
      source: utm.utm_source,
      medium: utm.utm_medium,
      campaign: utm.utm_campaign,
      term: utm.utm_term,
      content: utm.utm_content,
    },
    variant_id: row.outcome.variant_id,
    visitor_hash: row.visitor_hash,
  };
}
