import { createHash } from 'node:crypto';
import type { AnalyticsEvent } from '../../analytics/event';

/**
 * For tests and benchmarks: a valid stream event with sensible defaults. `visitor` names a
 * made-up visitor; its hash is derived so the same name in the same workspace is the same visitor.
 */
export function testEvent(
  overrides: Partial<AnalyticsEvent> & Pick<AnalyticsEvent, 'workspace_id' | 'resource_id'>,
  visitor = 'visitor-1',
): AnalyticsEvent {
  const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);
  return {
    event_type: 'click',
    resource_type: 'link',
    block_id: null,
    occurred_at: new Date().toISOString(),
    visitor_hash: digest(`${overrides.workspace_id}|${visitor}`),
    country_code: 'FR',
    region_code: 'IDF',
    device_type: 'mobile',
    os_family: 'iOS',
    browser_family: 'Mobile Safari',
    ua_hash: digest(`ua|${visitor}`),
    referrer_host: 'instagram.com',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    variant_id: null,
    fallback_stage: null,
    is_bot: false,
    language: null,
    ...overrides,
  };
}
