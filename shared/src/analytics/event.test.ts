import { describe, expect, it } from 'vitest';
import { analyticsEventSchema, parseStreamEvent, toStreamFields, type AnalyticsEvent } from './event';

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
};

describe('stream event', () => {
  it('round-trips through the stream fields (v, e)', () => {
    const fields = toStreamFields(event);
    expect(fields.slice(0, 2)).toEqual(['v', '1']);
    expect(fields).toHaveLength(4);
    expect(parseStreamEvent(fields)).toEqual({ ok: true, event });
  });
  it('also reads the flat field/value form, absent fields as null', () => {
    const flat = ['v', '1', ...Object.entries(event).flatMap(([k, v]) => (v === null ? [] : [k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v)]))];
    expect(parseStreamEvent(flat)).toEqual({ ok: true, event });
  });
  it('has no field that could hold a raw IP or User-Agent', () => {
    const names = Object.keys(analyticsEventSchema.shape);
    for (const forbidden of ['ip', 'ip_address', 'user_agent', 'ua', 'remote_addr']) expect(names).not.toContain(forbidden);
  });
  it('rejects a malformed or unversioned entry with readable issues', () => {
    expect(parseStreamEvent(['event_type', 'click'])).toMatchObject({ ok: false });
    const bad = parseStreamEvent(['v', '1', 'event_type', 'teleport']);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.join(' ')).toContain('event_type');
  });
});
