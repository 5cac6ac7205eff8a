import { describe, expect, it } from 'vitest';
import {
  analyticsEventSchema,
  fastCheckedEvent,
  parseStreamEntry,
  streamEvents,
  toBatchStreamFields,
  validateEvent,
  type AnalyticsEvent,
} from './event';

const event: AnalyticsEvent = {
  event_type: 'scan',
  workspace_id: 'ws-1',
  resource_type: 'qr_code',
  resource_id: 'qr-1',
  block_id: null,
  occurred_at: '2026-06-01T12:00:00.000Z',
  visitor_hash: '0123456789abcdef0123456789abcdef',
  country_code: 'GB',
  region_code: 'ENG',
  device_type: 'mobile',
  os_family: 'iOS',
  browser_family: 'Mobile Safari',
  ua_hash: 'fedcba9876543210fedcba9876543210',
  referrer_host: null,
  utm_source: 'print',
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  variant_id: null,
  fallback_stage: 'live',
  is_bot: false,
  language: null,
};

describe('stream event', () => {
  it('round-trips through a batch entry, each event keyed by entry id and line', () => {
    const second = { ...event, event_type: 'click' as const, utm_source: 'line\nbreak "quoted"' };
    const fields = toBatchStreamFields([event, second]);
    expect(fields.slice(0, 2)).toEqual(['v', '3']);
    const events = parseStreamEntry('1700000000000-3', fields);
    expect(events.map((e) => e.key)).toEqual(['1700000000000-3:0', '1700000000000-3:1']);
    expect(events.map((e) => e.parsed)).toEqual([
      { ok: true, event },
      { ok: true, event: second },
    ]);
    expect(
      streamEvents([
        ['1-0', toBatchStreamFields([event])],
        ['2-0', fields],
      ]),
    ).toEqual([event, event, second]);
  });
  it('has no field that could hold a raw IP or User-Agent', () => {
    const names = Object.keys(analyticsEventSchema.shape);
    for (const forbidden of ['ip', 'ip_address', 'user_agent', 'ua', 'remote_addr'])
      expect(names).not.toContain(forbidden);
  });
  it('refuses any other entry whole, keyed by its entry id, with its fields kept for the dead letter', () => {
    const unversioned = ['event_type', 'click'];
    expect(parseStreamEntry('1-0', unversioned)).toEqual([
      { key: '1-0', fields: unversioned, parsed: { ok: false, issues: ['unversioned entry'] } },
    ]);
    const older = ['v', '1', 'e', JSON.stringify(event)];
    expect(parseStreamEntry('2-0', older)).toEqual([
      { key: '2-0', fields: older, parsed: { ok: false, issues: ['unsupported entry version 1'] } },
    ]);
    expect(parseStreamEntry('3-0', ['v', '2', 'e', '[]'])[0]?.parsed).toEqual({
      ok: false,
      issues: ['unsupported entry version 2'],
    });
    const truncated = toBatchStreamFields([event]).slice(0, 6);
    expect(parseStreamEntry('4-0', truncated)[0]?.parsed).toEqual({
      ok: false,
      issues: ['malformed batch entry'],
    });
    expect(
      streamEvents([
        ['1-0', unversioned],
        ['2-0', older],
      ]),
    ).toEqual([]);
  });
});

/** Values around each field's limits (and of the wrong type): the fast path may pass only what zod passes. */
const probes: Record<keyof AnalyticsEvent, unknown[]> = {
  event_type: ['click', 'scan', 'page_view', 'Click', '', null, 1],
  workspace_id: ['w', '', null, 7, 'x'.repeat(500)],
  resource_type: ['link', 'qr_code', 'bio_page', 'bio_block', '', null],
  resource_id: ['r', '', null, {}],
  block_id: [null, 'b', '', 'b'.repeat(64), 'b'.repeat(65), 3],
  occurred_at: [
    '2026-06-01T12:00:00.000Z',
    '2026-06-01T12:00:00Z',
    '2026-06-01T12:00:00.123456Z',
    '2026-06-01T12:00:00.000+02:00',
    '2026-02-29T12:00:00.000Z',
    '2028-02-29T00:00:00.000Z',
    '2026-02-30T00:00:00.000Z',
    '2026-13-01T00:00:00.000Z',
    '2026-06-01T24:00:00.000Z',
    '2026-06-01T23:59:60.000Z',
    '+012026-06-01T12:00:00.000Z',
    '2026-06-01 12:00:00.000Z',
    '0000-02-29T00:00:00.000Z',
    '',
    null,
    1_780_000_000_000,
  ],
  visitor_hash: [
    '0123456789abcdef0123456789abcdef',
    '0123456789ABCDEF0123456789abcdef',
    '0123456789abcdef0123456789abcde',
    '0123456789abcdef0123456789abcdef0',
    'g123456789abcdef0123456789abcdef',
    null,
  ],
  country_code: ['GB', 'gb', 'G', 'GBR', '', null, 44],
  region_code: ['ENG', '12345678', '123456789', '', null],
  device_type: ['mobile', 'tablet', 'desktop', 'other', 'tv', '', null],
  os_family: ['iOS', 'o'.repeat(64), 'o'.repeat(65), '', null],
  browser_family: ['Mobile Safari', 'b'.repeat(64), 'b'.repeat(65), '', null],
  ua_hash: ['fedcba9876543210fedcba9876543210', 'FEDCBA9876543210fedcba9876543210', '', null],
  referrer_host: ['example.com', 'h'.repeat(253), 'h'.repeat(254), '', null],
  utm_source: ['print', 'u'.repeat(255), 'u'.repeat(256), '', null, false],
  utm_medium: ['m', 'é'.repeat(255), 'é'.repeat(256), '', null],
  utm_campaign: ['c', '', null, 'tab\there'],
  utm_term: ['t', '', null],
  utm_content: ['c', 'c'.repeat(256), null],
  variant_id: ['v', 'v'.repeat(64), 'v'.repeat(65), '', null],
  fallback_stage: ['live', 'last_good', 'holding_page', 'generic_page', 'dead', '', null],
  is_bot: [true, false, 'true', 1, null],
  language: [undefined, null, 'de', 'fil', 'DE', 'd', 'deut', 'de-ch', '', 3],
};

describe('the fast path of the stream reader', () => {
  it('accepts a value only where zod accepts it, and returns what zod returns', () => {
    const keys = Object.keys(analyticsEventSchema.shape);
    expect(Object.keys(probes).sort()).toEqual([...keys].sort());
    let fastAccepted = 0;
    for (const key of keys) {
      for (const value of probes[key as keyof AnalyticsEvent]) {
        const candidate: Record<string, unknown> = { ...event, [key]: value };
        const zod = analyticsEventSchema.safeParse(candidate);
        const fast = fastCheckedEvent(candidate);
        if (fast === null) continue;
        fastAccepted += 1;
        expect({ key, value, zod: zod.success }).toEqual({ key, value, zod: true });
        if (zod.success) expect(fast).toEqual(zod.data);
      }
    }
    expect(fastAccepted).toBeGreaterThan(50);
  });

  it('leaves a missing field, an extra field or a non-object to zod, with the same result as before', () => {
    const { is_bot: _dropped, ...missing } = event;
    expect(fastCheckedEvent(missing)).toBeNull();
    expect(validateEvent(missing)).toMatchObject({ ok: false, issues: [expect.stringContaining('is_bot')] });
    expect(fastCheckedEvent({ ...event, extra: 1 })).toEqual(event);
    expect(fastCheckedEvent([event])).toBeNull();
    expect(validateEvent([1])).toMatchObject({ ok: false });
    // an offset the fast path does not read is still refused by zod, as before
    expect(validateEvent({ ...event, occurred_at: '2026-06-01T12:00:00+02:00' })).toMatchObject({
      ok: false,
    });
    // a form only zod reads (no milliseconds) is still accepted
    expect(validateEvent({ ...event, occurred_at: '2026-06-01T12:00:00Z' })).toMatchObject({ ok: true });
  });
});
