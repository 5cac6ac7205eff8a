import { describe, expect, it } from 'vitest';
import { analyticsEventSchema, parseStreamEvent, type AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/analytics/test-events';
import { eventJson } from './event-json';

const event = (overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent =>
  testEvent({ workspace_id: '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b', resource_id: '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5c', utm_source: 'ig', referrer_host: null, ...overrides });

describe('eventJson', () => {
  it('writes the keys in schema order, which is what the edge builds', () => {
    expect(Object.keys(JSON.parse(eventJson(event())))).toEqual(Object.keys(analyticsEventSchema.shape));
  });

  it('is byte for byte JSON.stringify, also for values that need escaping', () => {
    const tricky = ['say "hi"', 'back\\slash', 'tab\there', 'nl\n', '\u0001', 'é ü 漢字', '😀', 'lone \ud800 surrogate', '</script>', ''];
    const events = [
      event(),
      event({ is_bot: true, block_id: 'blk', variant_id: 'v1', fallback_stage: 'holding_page', country_code: null, region_code: null }),
      ...tricky.map((t) => event({ utm_campaign: t, referrer_host: t, os_family: t, browser_family: t, utm_term: t })),
    ];
    for (const e of events) expect(eventJson(e)).toBe(JSON.stringify(e));
  });

  it('is what the worker reads back', () => {
    const e = event({ utm_content: 'a "quoted" \\ value' });
    expect(parseStreamEvent(['v', '1', 'e', eventJson(e)])).toEqual({ ok: true, event: e });
  });
});
