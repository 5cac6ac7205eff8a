import type { AnalyticsEvent } from '@linkhub/shared/analytics/event';

/**
 * `toEventLine(event)` (the batch-entry line: the event's values in schema key order, as a JSON
 * array), written field by field: the generic `JSON.stringify` of an array built per event cost the
 * capture path a good part of its time. Strings that need escaping (quote, backslash, control
 * characters, surrogates) go through JSON.stringify, so the output is byte for byte `toEventLine`'s.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function str(value: string | null): string {
  if (value === null) return 'null';
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}

export function eventLine(e: AnalyticsEvent): string {
  return (
    `[${str(e.event_type)},${str(e.workspace_id)},${str(e.resource_type)},${str(e.resource_id)},${str(e.block_id)},${str(e.occurred_at)}` +
    `,${str(e.visitor_hash)},${str(e.country_code)},${str(e.region_code)},${str(e.device_type)},${str(e.os_family)},${str(e.browser_family)}` +
    `,${str(e.ua_hash)},${str(e.referrer_host)},${str(e.utm_source)},${str(e.utm_medium)},${str(e.utm_campaign)},${str(e.utm_term)}` +
    `,${str(e.utm_content)},${str(e.variant_id)},${str(e.fallback_stage)},${e.is_bot ? 'true' : 'false'}]`
  );
}
