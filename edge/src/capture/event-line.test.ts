import { describe, expect, it } from 'vitest';
import { parseStreamEntry, type AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { toRunBatchFields } from '@linkhub/shared/analytics/run-batch';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { analyticsEventOf, eventLineOf, RunBatchBuffer, type EventLine, type RunBatch } from './event-line';

/** One fixed moment, so an event built twice with the same overrides is the same event. */
function event(overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return testEvent({
    workspace_id: '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
    resource_id: '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5c',
    occurred_at: '2026-06-01T12:00:00.000Z',
    ...overrides,
  });
}

function fieldsOf(batch: RunBatch): string[] {
  return [
    'v',
    '3',
    't',
    String(batch.base),
    'r',
    batch.runs.toString('utf8'),
    'e',
    batch.lines.toString('utf8'),
  ];
}

/** What the worker reads back from a batch: every event, or the first refusal. */
function readBack(batch: RunBatch): AnalyticsEvent[] {
  return parseStreamEntry('1-0', fieldsOf(batch)).map(({ parsed }) => {
    if (!parsed.ok) throw new Error(parsed.issues.join('; '));
    return parsed.event;
  });
}

function written(lines: readonly EventLine[], buffer = new RunBatchBuffer(64, 4)): RunBatch {
  for (const line of lines) buffer.add(line);
  expect(buffer.count).toBe(lines.length);
  return buffer.take();
}

describe('RunBatchBuffer', () => {
  it('is read back as the same events, also values that need escaping, with its buffers growing and its memo turning over', () => {
    const tricky = [
      'say "hi"',
      'back\\slash',
      'tab\there',
      'nl\n',
      '\u0001',
      'é ü 漢字',
      '😀',
      'lone \ud800 surrogate',
      '</script>',
      'x'.repeat(255),
    ];
    const events = [
      event(),
      event({
        is_bot: true,
        block_id: 'blk',
        variant_id: 'v1',
        fallback_stage: 'holding_page',
        country_code: null,
        region_code: null,
      }),
      ...tricky.map((t) =>
        event({
          utm_campaign: t,
          referrer_host: t.slice(0, 253),
          os_family: t.slice(0, 64),
          browser_family: t.slice(0, 64),
          utm_term: t,
          variant_id: t.slice(0, 64),
        }),
      ),
      ...Array.from({ length: 40 }, (_, n) =>
        event({
          visitor_hash: n.toString(16).padStart(32, '0'),
          occurred_at: `2026-06-01T12:00:${String(n % 60).padStart(2, '0')}.${String(n * 7).padStart(3, '0')}Z`,
          utm_source: `s${n % 7}`,
        }),
      ),
      event({ occurred_at: '2026-06-01T11:59:59.999Z' }),
      event(),
    ];
    // 64-byte buffers and a 4-entry memo: the buffers grow many times and the memo turns over
    expect(readBack(written(events.map(eventLineOf)))).toEqual(events);
  });

  it('writes what the reference encoder writes, as far as the worker can tell', () => {
    const events = [
      event(),
      event({ utm_source: 'ig', is_bot: true }),
      event({ occurred_at: '2026-06-01T12:00:00.005Z', variant_id: 'b' }),
    ];
    const reference = parseStreamEntry('1-0', toRunBatchFields(events)).map((e) => e.parsed);
    expect(parseStreamEntry('1-0', fieldsOf(written(events.map(eventLineOf)))).map((e) => e.parsed)).toEqual(
      reference,
    );
  });

  it('writes each run an event shares with earlier ones once per batch, and a line of a redirect in under 80 bytes', () => {
    const shared = eventLineOf(
      event({
        utm_source: 'ig',
        utm_campaign: 'spring "sale"',
        country_code: 'DE',
        region_code: 'BE',
        os_family: 'iOS',
        referrer_host: 'news.example',
      }),
    );
    const bot = { ...shared.ua, isBot: true };
    const lines: EventLine[] = Array.from({ length: 30 }, (_, n) => ({
      ...shared,
      ua: n % 3 === 0 ? bot : shared.ua,
      occurred_at: `2026-06-01T12:00:${String(n).padStart(2, '0')}.000Z`,
      visitor_hash: n.toString(16).padStart(32, 'a'),
      variant_id: n % 5 === 0 ? 'v1' : null,
    }));
    const batch = written(lines, new RunBatchBuffer(64));
    expect(readBack(batch)).toEqual(lines.map(analyticsEventOf));
    // subject, geo, two UA runs, ua_hash, referrer, utm, two outcomes, language (unknown)
    expect(JSON.parse(batch.runs.toString('utf8'))).toHaveLength(10);
    const longest = Math.max(
      ...batch.lines
        .toString('utf8')
        .split('\n')
        .map((line) => Buffer.byteLength(line)),
    );
    expect(longest).toBeLessThan(80);
    // a quarter of the event's values alone as one JSON array
    expect(longest * 4).toBeLessThan(
      Buffer.byteLength(JSON.stringify(Object.values(analyticsEventOf(lines[0] ?? shared)))),
    );
  });

  it('writes a time that is not a whole-ms instant as its text, and times before the first as negative offsets', () => {
    const events = [
      event({ occurred_at: '2026-06-01T12:00:01.000Z' }),
      event({ occurred_at: '2026-06-01T12:00:00.000Z' }),
      event({ occurred_at: '2026-06-01T12:00:00Z' }),
    ];
    const batch = written(events.map(eventLineOf));
    expect(batch.base).toBe(Date.parse('2026-06-01T12:00:01.000Z'));
    expect(batch.lines.toString('utf8')).toContain(',-1000,');
    expect(
      parseStreamEntry('1-0', fieldsOf(batch)).map((e) =>
        e.parsed.ok ? e.parsed.event.occurred_at : e.parsed.issues,
      ),
    ).toEqual(events.map((e) => e.occurred_at));
  });

  it('starts over after take(), and what it handed out stays as it was', () => {
    const buffer = new RunBatchBuffer(1024);
    const first = written([eventLineOf(event({ utm_source: 'one' }))], buffer);
    const firstFields = fieldsOf(first);
    buffer.add(eventLineOf(event({ utm_source: 'two' })));
    const second = buffer.take();
    buffer.add(eventLineOf(event({ utm_source: 'three' })));
    const third = buffer.take();
    expect(fieldsOf(first)).toEqual(firstFields);
    expect([...readBack(first), ...readBack(second), ...readBack(third)].map((e) => e.utm_source)).toEqual([
      'one',
      'two',
      'three',
    ]);
    // and the language run (unknown)
    expect(JSON.parse(third.runs.toString('utf8'))).toHaveLength(8);
  });

  it('converts an event to its runs and back unchanged', () => {
    const e = event({
      block_id: 'blk',
      variant_id: 'v1',
      fallback_stage: 'holding_page',
      is_bot: true,
      utm_term: 't',
    });
    expect(analyticsEventOf(eventLineOf(e))).toEqual(e);
  });
});
