import { describe, expect, it } from 'vitest';
import { analyticsEventSchema, parseStreamEntry, toEventLine, type AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/analytics/test-events';
import { analyticsEventOf, EventLineBuffer, eventLineOf, type EventLine } from './event-line';

/** One fixed moment, so an event built twice with the same overrides is the same event. */
function event(overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return testEvent({ workspace_id: '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b', resource_id: '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5c', occurred_at: '2026-06-01T12:00:00.000Z', ...overrides });
}

function linesOf(events: readonly AnalyticsEvent[], buffer = new EventLineBuffer(64, 4)): string[] {
  for (const e of events) buffer.add(eventLineOf(e));
  expect(buffer.count).toBe(events.length);
  return buffer.take().toString('utf8').split('\n');
}

describe('EventLineBuffer', () => {
  it('writes every value in schema key order', () => {
    const e = event({ block_id: 'blk', variant_id: 'v1', is_bot: true });
    const [line] = linesOf([e]);
    expect(JSON.parse(line ?? '')).toEqual(Object.keys(analyticsEventSchema.shape).map((key) => e[key as keyof AnalyticsEvent]));
  });

  it('is byte for byte toEventLine, also for values that need escaping, with its memo full and turning over', () => {
    const tricky = ['say "hi"', 'back\\slash', 'tab\there', 'nl\n', '\u0001', 'é ü 漢字', '😀', 'lone \ud800 surrogate', '</script>', '', 'x'.repeat(255)];
    const events = [
      event(),
      event({ is_bot: true, block_id: 'blk', variant_id: 'v1', fallback_stage: 'holding_page', country_code: null, region_code: null }),
      ...tricky.map((t) => event({ utm_campaign: t, referrer_host: t, os_family: t, browser_family: t, utm_term: t })),
      ...Array.from({ length: 40 }, (_, n) => event({ visitor_hash: n.toString(16).padStart(32, '0'), occurred_at: `2026-06-01T12:00:${String(n % 60).padStart(2, '0')}.000Z`, utm_source: `s${n % 7}` })),
      event({ visitor_hash: 'NOT-HEX "quoted"' }),
      event(),
    ];
    // a 64-byte buffer and a 4-entry memo: the buffer grows many times and the memo turns over
    const bytes = new EventLineBuffer(64, 4);
    for (const e of events) bytes.add(eventLineOf(e));
    const written = bytes.take();
    expect(written.toString('utf8')).toBe(events.map(toEventLine).join('\n'));
    expect(written.equals(Buffer.from(events.map(toEventLine).join('\n')))).toBe(true);
  });

  it('writes the runs it has seen before (the same objects again) exactly as new ones, next to every other value changing', () => {
    const shared = eventLineOf(event({ utm_source: 'ig', utm_campaign: 'spring "sale"', country_code: 'DE', region_code: 'BE', os_family: 'iOS' }));
    const bot = { ...shared.ua, isBot: true };
    const lines: EventLine[] = Array.from({ length: 30 }, (_, n) => ({
      ...shared,
      ua: n % 3 === 0 ? bot : shared.ua,
      occurred_at: `2026-06-01T12:00:${String(n).padStart(2, '0')}.000Z`,
      visitor_hash: n.toString(16).padStart(32, 'a'),
      referrer_host: n % 2 === 0 ? null : `ref${n % 4}.example`,
      variant_id: n % 5 === 0 ? `v${n}` : null,
      fallback_stage: n % 7 === 0 ? 'last_good' : null,
    }));
    const buffer = new EventLineBuffer(32, 4);
    for (const line of lines) buffer.add(line);
    expect(buffer.take().toString('utf8')).toBe(lines.map((line) => toEventLine(analyticsEventOf(line))).join('\n'));
  });

  it('converts an event to its runs and back unchanged', () => {
    const e = event({ block_id: 'blk', variant_id: 'v1', fallback_stage: 'holding_page', is_bot: true, utm_term: 't' });
    expect(analyticsEventOf(eventLineOf(e))).toEqual(e);
  });

  it('starts over after take(), and what it handed out stays as it was', () => {
    const buffer = new EventLineBuffer(1024);
    const first = linesOf([event({ utm_source: 'one' })], buffer);
    buffer.add(eventLineOf(event({ utm_source: 'two' })));
    const handed = buffer.take();
    buffer.add(eventLineOf(event({ utm_source: 'three' })));
    expect(handed.toString('utf8')).toBe(toEventLine(event({ utm_source: 'two' })));
    expect(first).toEqual([toEventLine(event({ utm_source: 'one' }))]);
    expect(buffer.take().toString('utf8')).toBe(toEventLine(event({ utm_source: 'three' })));
  });

  it('is what the worker reads back', () => {
    const events = [event({ utm_content: 'a "quoted" \\ value' }), event({ event_type: 'scan', resource_type: 'qr_code' })];
    const buffer = new EventLineBuffer(256);
    for (const e of events) buffer.add(eventLineOf(e));
    const parsed = parseStreamEntry('1-0', ['v', '2', 'e', buffer.take().toString('utf8')]).map((read) => read.parsed);
    expect(parsed).toEqual(events.map((e) => ({ ok: true, event: e })));
  });
});
