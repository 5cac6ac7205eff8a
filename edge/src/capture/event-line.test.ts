import { describe, expect, it } from 'vitest';
import { analyticsEventSchema, parseStreamEntry, toEventLine, type AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { eventLine } from './event-line';

function event(overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    event_type: 'click',
    workspace_id: '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
    resource_type: 'link',
    resource_id: '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5c',
    block_id: null,
    occurred_at: '2026-06-01T12:00:00.000Z',
    visitor_hash: 'a'.repeat(32),
    country_code: 'GB',
    region_code: 'ENG',
    device_type: 'mobile',
    os_family: 'iOS',
    browser_family: 'Mobile Safari',
    ua_hash: 'b'.repeat(32),
    referrer_host: null,
    utm_source: 'ig',
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    variant_id: null,
    fallback_stage: null,
    is_bot: false,
    ...overrides,
  };
}

describe('eventLine', () => {
  it('writes every value in schema key order', () => {
    const e = event({ block_id: 'blk', variant_id: 'v1', is_bot: true });
    expect(JSON.parse(eventLine(e))).toEqual(Object.keys(analyticsEventSchema.shape).map((key) => e[key as keyof AnalyticsEvent]));
  });

  it('is byte for byte toEventLine, also for values that need escaping', () => {
    const tricky = ['say "hi"', 'back\\slash', 'tab\there', 'nl\n', '\u0001', 'é ü 漢字', '😀', 'lone \ud800 surrogate', '</script>', ''];
    const events = [
      event(),
      event({ is_bot: true, block_id: 'blk', variant_id: 'v1', fallback_stage: 'holding_page', country_code: null, region_code: null }),
      ...tricky.map((t) => event({ utm_campaign: t, referrer_host: t, os_family: t, browser_family: t, utm_term: t })),
    ];
    for (const e of events) expect(eventLine(e)).toBe(toEventLine(e));
  });

  it('is what the worker reads back', () => {
    const e = event({ utm_content: 'a "quoted" \\ value' });
    expect(parseStreamEntry('1-0', ['v', '2', 'e', eventLine(e)]).map((read) => read.parsed)).toEqual([{ ok: true, event: e }]);
  });
});
