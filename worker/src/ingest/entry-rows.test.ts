import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { toRunBatchFields } from '@linkhub/shared/analytics/run-batch';
import { entryRows, referenceRows } from './entry-rows';

const WS = '0190a6f0-7c2e-7000-8000-00000000000a';
const LINK = '0190a6f0-7c2e-7000-8000-00000000000b';
const PAGE = '0190a6f0-7c2e-7000-8000-00000000000c';
const BLOCK = '0190A6F0-7C2E-7000-8000-00000000000D';
const hex = fc.stringMatching(/^[0-9a-f]{32}$/);
/** Mostly valid values, with the invalid ones the ingest must refuse (each refused by the reference's rules). */
const maybe = <T>(good: fc.Arbitrary<T>, ...bad: unknown[]) =>
  fc.oneof({ weight: 6, arbitrary: good }, { weight: 1, arbitrary: fc.constantFrom(...bad) });

const event: fc.Arbitrary<AnalyticsEvent> = fc.record({
  event_type: maybe(fc.constantFrom('click', 'scan', 'page_view'), 'visit'),
  workspace_id: maybe(fc.constantFrom(WS, WS.toUpperCase()), 'not-a-uuid', ''),
  resource_type: maybe(fc.constantFrom('link', 'qr_code', 'bio_page'), 'bio_block'),
  resource_id: maybe(fc.constantFrom(LINK, PAGE, LINK.toUpperCase()), 'x'),
  block_id: maybe(fc.constantFrom(null, BLOCK, 'not-a-block'), '', 'b'.repeat(65)),
  occurred_at: maybe(
    fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }).map((ms) => new Date(ms).toISOString()),
    '2026-12-05T10:00:00Z',
    '2026-12-05T10:00:00.000+00:00',
    'yesterday',
  ),
  visitor_hash: maybe(hex, 'ABC', ''),
  country_code: maybe(fc.constantFrom(null, 'FR', 'de', 'US'), 'F1', 'FRA'),
  region_code: maybe(fc.constantFrom(null, 'IDF', 'BY'), '', 'R'.repeat(9)),
  device_type: maybe(fc.constantFrom('mobile', 'tablet', 'desktop', 'other'), 'phone'),
  os_family: maybe(fc.constantFrom(null, 'iOS', 'Android'), ''),
  browser_family: maybe(fc.constantFrom(null, 'Chrome', 'Mobile Safari'), 'B'.repeat(65)),
  ua_hash: maybe(hex, 'zz'),
  referrer_host: maybe(fc.constantFrom(null, 'instagram.com', 'a\tb\\c'), ''),
  utm_source: maybe(fc.constantFrom(null, 'news', 'q"uote'), ''),
  utm_medium: fc.constantFrom(null, 'email'),
  utm_campaign: maybe(fc.constantFrom(null, 'spring'), 'c'.repeat(256)),
  utm_term: fc.constantFrom(null, 'shoes'),
  utm_content: fc.constantFrom(null, 'hero'),
  variant_id: maybe(fc.constantFrom(null, LINK, PAGE.toUpperCase()), 'variant-a'),
  fallback_stage: maybe(fc.constantFrom(null, 'live', 'last_good', 'holding_page', 'generic_page'), 'gone'),
  is_bot: fc.boolean(),
  language: maybe(fc.constantFrom(null, 'de', 'fr'), 'DE', 'english'),
}) as fc.Arbitrary<AnalyticsEvent>;

/** A line or a header field replaced by something the edge never writes. */
const damage = fc.constantFrom(
  (f: string[]) => f,
  (f: string[]) => f,
  (f: string[]) => f,
  (f: string[]) => f.map((v, i) => (i === 7 ? v.replace(/\n.*$/, '\n[0,1') : v)),
  (f: string[]) => f.map((v, i) => (i === 7 ? `${v}\n[99,0,"${'a'.repeat(32)}",0,0,0,0,0,0,0]` : v)),
  (f: string[]) => f.map((v, i) => (i === 7 ? `${v}\n[-1,0,"${'a'.repeat(32)}",0,0,0,0,0,0,0]` : v)),
  (f: string[]) => f.map((v, i) => (i === 7 ? `${v}\n[0,0,"${'a'.repeat(32)}",0.5,0,0,0,0,0,0]` : v)),
  (f: string[]) => f.map((v, i) => (i === 7 ? `${v}\n[0,0,"${'a'.repeat(32)}",0,0,0,0,0,0]` : v)),
  (f: string[]) => f.map((v, i) => (i === 7 ? `${v}\n[0,1.5,"${'a'.repeat(32)}",0,0,0,0,0,0,0]` : v)),
  (f: string[]) => f.map((v, i) => (i === 5 ? v.replace(/^\[/, '[1,') : v)),
  (f: string[]) => f.map((v, i) => (i === 5 ? '{}' : v)),
  (f: string[]) => f.map((v, i) => (i === 3 ? 'soon' : v)),
  (f: string[]) => f.map((v, i) => (i === 7 ? '' : v)),
  (f: string[]) => f.map((v, i) => (i === 1 ? '2' : v)),
);

describe('entryRows', () => {
  it('stores and refuses exactly what the reference parse does, for any batch entry', () => {
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 12 }), damage, (events, harm) => {
        const fields = harm(toRunBatchFields(events));
        expect(entryRows('1700000000000-0', fields)).toEqual(referenceRows('1700000000000-0', fields));
      }),
      { numRuns: 1000 },
    );
  });

  it('turns a plain batch into one row per event, keyed by entry id and index', () => {
    const at = '2026-12-05T10:00:00.123Z';
    const base: AnalyticsEvent = {
      event_type: 'click',
      workspace_id: WS,
      resource_type: 'bio_page',
      resource_id: PAGE,
      block_id: BLOCK,
      occurred_at: at,
      visitor_hash: 'a'.repeat(32),
      country_code: 'fr',
      region_code: 'IDF',
      device_type: 'mobile',
      os_family: 'iOS',
      browser_family: 'Mobile Safari',
      ua_hash: 'b'.repeat(32),
      referrer_host: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      variant_id: null,
      fallback_stage: 'last_good',
      is_bot: false,
      language: 'de',
    };
    const { rows, refused, events } = entryRows('9-1', toRunBatchFields([base, { ...base, is_bot: true }]));
    expect({ events, refused }).toEqual({ events: 2, refused: [] });
    expect(
      rows.map((r) => [
        r.stream_message_id,
        r.subject.resource_type,
        r.subject.resource_id,
        r.subject.parent_resource_id,
      ]),
    ).toEqual([
      ['9-1:0', 'bio_block', BLOCK.toLowerCase(), PAGE],
      ['9-1:1', 'bio_block', BLOCK.toLowerCase(), PAGE],
    ]);
    expect(rows[0]?.occurred_at.toISOString()).toBe(at);
    // the rows of an entry share its runs' objects
    expect(rows[0]?.subject).toBe(rows[1]?.subject);
    expect(rows[0]?.geo).toBe(rows[1]?.geo);
    expect([rows[0]?.geo.country_code, rows[0]?.outcome.fallback_stage, rows[1]?.ua.is_bot]).toEqual([
      'FR',
      2,
      true,
    ]);
  });
});
