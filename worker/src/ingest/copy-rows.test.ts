import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClickRow } from './click-row';
import { CopyRowWriter } from './copy-rows';
import { copyBytea, copyTextLine } from './copy-text';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const row = (over: Partial<ClickRow> = {}): ClickRow => ({
  stream_message_id: '1733390000000-0:0',
  occurred_at: new Date(Date.UTC(2026, 11, 5, 10, 0, 0, 123)),
  event_type: 'click',
  workspace_id: '0190a6f0-7c2e-7000-8000-00000000000a',
  resource_type: 'link',
  resource_id: '0190a6f0-7c2e-7000-8000-00000000000b',
  parent_resource_id: null,
  block_id: null,
  visitor_hash: 'a'.repeat(32),
  ua_hash: 'b'.repeat(32),
  country_code: 'FR',
  region_code: 'IDF',
  device_type: 'mobile',
  os_family: 'iOS',
  browser_family: 'Mobile Safari',
  referrer_host: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  variant_id: null,
  fallback_stage: null,
  is_bot: false,
  language: null,
  ...over,
});

/** The reference: the row's values through copyTextLine, the value by value writer. */
function referenceLine(r: ClickRow, id: string): string {
  return copyTextLine([
    id,
    r.stream_message_id,
    r.occurred_at.toISOString(),
    r.event_type,
    r.workspace_id,
    r.resource_type,
    r.resource_id,
    r.parent_resource_id,
    copyBytea(r.visitor_hash),
    copyBytea(r.ua_hash),
    r.country_code,
    r.region_code,
    r.device_type,
    r.os_family,
    r.browser_family,
    r.referrer_host,
    r.utm_source,
    r.utm_medium,
    r.utm_campaign,
    r.utm_term,
    r.utm_content,
    r.variant_id,
    r.fallback_stage,
    r.is_bot,
    r.language,
  ]);
}

const lines = (bytes: Buffer) => bytes.toString('utf8').split('\n').slice(0, -1);

describe('CopyRowWriter', () => {
  it('writes every row as the value-by-value COPY line, whatever its free text holds', () => {
    const text = fc.option(fc.string({ unit: 'grapheme', maxLength: 40 }), { nil: null });
    const tricky = fc.option(fc.constantFrom('a\tb', 'line\nbreak\r', 'back\\slash', '\\N', 'ü', '🙂', ''), {
      nil: null,
    });
    const free = fc.oneof(text, tricky);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            region_code: free,
            os_family: free,
            browser_family: free,
            referrer_host: free,
            utm_source: free,
            utm_medium: free,
            utm_campaign: free,
            utm_term: free,
            utm_content: free,
            fallback_stage: fc.constantFrom(null, 1, 2, 3, 4),
            is_bot: fc.boolean(),
            language: fc.constantFrom(null, 'de'),
            parent_resource_id: fc.constantFrom(null, '0190a6f0-7c2e-7000-8000-00000000000c'),
            occurred_at: fc.integer({ min: 0, max: 4e12 }).map((ms) => new Date(ms)),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        (overrides) => {
          const rows = overrides.map((o) => row(o));
          const written = lines(new CopyRowWriter().write(rows, Date.now()));
          expect(written).toHaveLength(rows.length);
          written.forEach((line, i) => {
            const id = line.slice(0, 36);
            const r = rows[i];
            if (r === undefined) throw new Error('no row');
            expect(`${line}\n`).toBe(referenceLine(r, id));
          });
        },
      ),
    );
  });

  it('gives each row a distinct UUIDv7 carrying the time it was written, across pool refills', () => {
    const at = Date.UTC(2026, 11, 3, 10, 0, 0, 123);
    const rows = Array.from({ length: 5000 }, () => row());
    const ids = lines(new CopyRowWriter().write(rows, at)).map((line) => line.slice(0, 36));
    for (const id of ids) expect(id).toMatch(V7);
    expect(new Set(ids).size).toBe(ids.length);
    const first = ids[0] ?? '';
    expect(parseInt(first.slice(0, 8) + first.slice(9, 13), 16)).toBe(at);
  });

  it('hands out a buffer of its own each time (a COPY still streaming one is not overwritten)', () => {
    const writer = new CopyRowWriter();
    const first = writer.write([row({ region_code: 'ONE' })], Date.now());
    const copy = Buffer.from(first);
    writer.write([row({ region_code: 'TWO' })], Date.now());
    expect(first.equals(copy)).toBe(true);
  });
});
