import { describe, expect, it } from 'vitest';
import { parseStreamEntry, streamEvents, type AnalyticsEvent } from './event';
import { toRunBatchFields } from './run-batch';
import { testEvent } from '../server/analytics/test-events';

const first = testEvent({
  workspace_id: 'ws-1',
  resource_id: 'qr-1',
  event_type: 'scan',
  resource_type: 'qr_code',
  occurred_at: '2026-06-01T12:00:00.000Z',
  fallback_stage: 'live',
});
const second: AnalyticsEvent = {
  ...first,
  occurred_at: '2026-06-01T12:00:00.017Z',
  utm_source: 'line\nbreak "quoted"',
  visitor_hash: 'ab'.repeat(16),
};
const third: AnalyticsEvent = { ...first, occurred_at: '2026-06-01T11:59:59.990Z', is_bot: true };

describe('version-3 batch entry (runs + lines)', () => {
  it('round-trips, each event keyed by entry id and line, each shared run written once', () => {
    const fields = toRunBatchFields([first, second, third]);
    expect(fields.filter((_, i) => i % 2 === 0)).toEqual(['v', 't', 'r', 'e']);
    expect(fields[1]).toBe('3');
    const read = parseStreamEntry('1700000000000-3', fields);
    expect(read.map((e) => e.key)).toEqual(['1700000000000-3:0', '1700000000000-3:1', '1700000000000-3:2']);
    expect(read.map((e) => e.parsed)).toEqual([first, second, third].map((event) => ({ ok: true, event })));
    // subject, geo, ua (human, bot), ua_hash, referrer, utm (two), outcome, language
    expect(JSON.parse(fields[5] ?? '')).toHaveLength(10);
    // a third of the bytes of the same events' values alone, one JSON array per event
    expect(Buffer.byteLength(fields[7] ?? '')).toBeLessThan(
      Buffer.byteLength([first, second, third].map((e) => JSON.stringify(Object.values(e))).join('\n')) / 3,
    );
  });

  it('gives each line alone as an entry that reads back the same (what a dead letter keeps)', () => {
    const read = parseStreamEntry('1-0', toRunBatchFields([first, second]));
    const alone = read[1]?.fields ?? [];
    expect(parseStreamEntry('2-0', alone).map((e) => e.parsed)).toEqual([{ ok: true, event: second }]);
    expect(
      streamEvents([
        ['1-0', toRunBatchFields([first])],
        ['2-0', alone],
      ]),
    ).toEqual([first, second]);
  });

  it('refuses only the bad lines, and every line of an entry whose runs or base are unreadable', () => {
    const fields = toRunBatchFields([first]);
    const good = fields[7] ?? '';
    const slots = JSON.parse(good) as unknown[];
    const badLines = [
      good,
      '{oops',
      '[1,2]',
      JSON.stringify([99, ...slots.slice(1)]),
      JSON.stringify([slots[3], ...slots.slice(1)]),
      JSON.stringify([slots[0], 'yesterday', ...slots.slice(2)]),
      JSON.stringify([slots[0], 0.5, ...slots.slice(2)]),
    ];
    const read = parseStreamEntry('5-0', [...fields.slice(0, 7), badLines.join('\n')]);
    expect(read.map((e) => e.parsed.ok)).toEqual([true, false, false, false, false, false, false]);
    expect(read[1]?.parsed).toEqual({ ok: false, issues: ['e: not JSON'] });
    expect(read[1]?.fields).toEqual([...fields.slice(0, 7), '{oops']);
    expect(read[2]?.parsed).toEqual({ ok: false, issues: ['e: not an array of 10 slots'] });
    expect(read[3]?.parsed).toEqual({ ok: false, issues: ['e: slot 0 is not a run of 5 values'] });
    expect(read[4]?.parsed).toEqual({ ok: false, issues: ['e: slot 0 is not a run of 5 values'] });
    expect(JSON.stringify(read[5]?.parsed)).toContain('occurred_at');
    expect(JSON.stringify(read[6]?.parsed)).toContain('occurred_at');

    const noRuns = parseStreamEntry('6-0', [...fields.slice(0, 5), '{', 'e', `${good}\n${good}`]);
    expect(noRuns.map((e) => e.parsed)).toEqual(
      [0, 1].map(() => ({ ok: false, issues: ['r: not an array of runs'] })),
    );
    const noBase = parseStreamEntry('7-0', ['v', '3', 't', 'soon', ...fields.slice(4)]);
    expect(noBase.map((e) => e.parsed)).toEqual([{ ok: false, issues: ['t: not an integer'] }]);
    expect(parseStreamEntry('8-0', [...fields.slice(0, 7), ''])).toEqual([
      {
        key: '8-0:0',
        fields: [...fields.slice(0, 7), ''],
        parsed: { ok: false, issues: ['e: empty batch'] },
      },
    ]);
  });

  it('keeps a time that is not a whole-ms instant as its text, for the schema to judge', () => {
    const loose = { ...first, occurred_at: '2026-06-01T12:00:00Z' };
    const fields = toRunBatchFields([first, loose]);
    expect(fields[7]).toContain('"2026-06-01T12:00:00Z"');
    expect(parseStreamEntry('1-0', fields).map((e) => e.parsed)).toEqual(
      [first, loose].map((event) => ({ ok: true, event })),
    );
  });
});

describe('the language slot', () => {
  it('carries the language, and reads a line written before it existed as unknown', () => {
    const german = { ...first, language: 'de' };
    const fields = toRunBatchFields([german]);
    expect(streamEvents([['1-0', fields]])).toEqual([german]);
    const line = JSON.parse(fields[7] ?? '[]') as unknown[];
    const older = [...fields.slice(0, 7), JSON.stringify(line.slice(0, 9))];
    expect(streamEvents([['2-0', older]])).toEqual([{ ...first, language: null }]);
  });
});
