import type { AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { FALLBACK_STAGE_NUMBER, type DimensionSource } from '@linkhub/shared/analytics/rollup-dimensions';

/** One `click_events` row as the ingest writes it (hashes as hex; the SQL decodes them to bytea). */
export type ClickRow = DimensionSource & {
  readonly stream_message_id: string;
  readonly occurred_at: Date;
  readonly event_type: AnalyticsEvent['event_type'];
  readonly workspace_id: string;
  /** `bio_block` for a bio link click (resource_id = the block, parent = the page). */
  readonly resource_type: 'link' | 'qr_code' | 'bio_page' | 'bio_block';
  readonly resource_id: string;
  readonly parent_resource_id: string | null;
  readonly visitor_hash: string;
  readonly ua_hash: string;
  readonly is_bot: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COUNTRY = /^[A-Z]{2}$/;

export type RowResult = { ok: true; row: ClickRow } | { ok: false; reason: string };

/**
 * A validated stream event → the row stored for it, or why it cannot be stored (the columns are
 * uuid-typed, so an id that is not a UUID would fail the whole multi-row INSERT: it is refused here).
 * A bio block click becomes a `bio_block` row whose parent is the page.
 */
export function toClickRow(streamMessageId: string, event: AnalyticsEvent): RowResult {
  for (const [field, value] of [
    ['workspace_id', event.workspace_id],
    ['resource_id', event.resource_id],
    ['variant_id', event.variant_id],
  ] as const) {
    if (value !== null && !UUID.test(value)) return { ok: false, reason: `${field}: not a UUID` };
  }
  const occurredAt = new Date(event.occurred_at);
  if (Number.isNaN(occurredAt.getTime())) return { ok: false, reason: 'occurred_at: not a date' };
  const country = event.country_code === null ? null : event.country_code.toUpperCase();
  if (country !== null && !COUNTRY.test(country))
    return { ok: false, reason: 'country_code: not two letters' };
  const block =
    event.resource_type === 'bio_page' && event.block_id !== null && UUID.test(event.block_id)
      ? event.block_id
      : null;
  return {
    ok: true,
    row: {
      stream_message_id: streamMessageId,
      occurred_at: occurredAt,
      event_type: event.event_type,
      workspace_id: event.workspace_id.toLowerCase(),
      resource_type: block === null ? event.resource_type : 'bio_block',
      resource_id: (block ?? event.resource_id).toLowerCase(),
      parent_resource_id: block === null ? null : event.resource_id.toLowerCase(),
      block_id: block === null ? null : block.toLowerCase(),
      visitor_hash: event.visitor_hash,
      ua_hash: event.ua_hash,
      country_code: country,
      region_code: event.region_code,
      device_type: event.device_type,
      os_family: event.os_family,
      browser_family: event.browser_family,
      referrer_host: event.referrer_host,
      utm_source: event.utm_source,
      utm_medium: event.utm_medium,
      utm_campaign: event.utm_campaign,
      utm_term: event.utm_term,
      utm_content: event.utm_content,
      variant_id: event.variant_id === null ? null : event.variant_id.toLowerCase(),
      fallback_stage: event.fallback_stage === null ? null : FALLBACK_STAGE_NUMBER[event.fallback_stage],
      is_bot: event.is_bot,
      language: event.language ?? null,
    },
  };
}
