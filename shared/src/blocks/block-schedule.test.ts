import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isShownAt, nextScheduleBoundary, scheduleState } from './block-schedule';
import { blockInputSchema } from '../schemas/blocks';
import { renderBioPage } from './render-page';
import { pageSnapshotSchema } from './snapshot';

const T = Date.parse('2026-12-12T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('block schedule (D-605)', () => {
  it('shows from the start (inclusive) until the end (exclusive)', () => {
    const data = { visible_from: iso(T), visible_until: iso(T + 1000) };
    expect(isShownAt(data, T - 1)).toBe(false);
    expect(isShownAt(data, T)).toBe(true);
    expect(isShownAt(data, T + 999)).toBe(true);
    expect(isShownAt(data, T + 1000)).toBe(false);
    expect(scheduleState(data, T - 1)).toBe('scheduled');
    expect(scheduleState(data, T + 1000)).toBe('ended');
    expect(scheduleState({}, T)).toBe('always');
    expect(scheduleState({ visible_from: null, visible_until: null }, T)).toBe('always');
  });

  it('reads an offset instant as the same moment', () => {
    expect(isShownAt({ visible_from: '2026-12-12T11:00:00+01:00' }, T)).toBe(true);
    expect(isShownAt({ visible_from: '2026-12-12T11:00:01+01:00' }, T)).toBe(false);
  });

  it('finds the next boundary after now, over every block', () => {
    const blocks = [
      { data: { visible_from: iso(T - 5000), visible_until: iso(T + 9000) } },
      { data: { visible_from: iso(T + 4000) } },
      { data: {} },
    ];
    expect(nextScheduleBoundary(blocks, T)).toBe(T + 4000);
    expect(nextScheduleBoundary(blocks, T + 4000)).toBe(T + 9000);
    expect(nextScheduleBoundary(blocks, T + 9000)).toBeNull();
  });

  it('never changes what is shown between now and the next boundary (property)', () => {
    const instant = fc.integer({ min: T - 100_000, max: T + 100_000 });
    const bound = fc.option(instant, { nil: null });
    fc.assert(
      fc.property(
        fc.array(fc.record({ from: bound, until: bound }), { maxLength: 6 }),
        instant,
        fc.integer({ min: 0, max: 200_000 }),
        (windows, now, step) => {
          const blocks = windows.map((w) => ({
            data: {
              visible_from: w.from === null ? null : iso(w.from),
              visible_until: w.until === null ? null : iso(w.until),
            },
          }));
          const next = nextScheduleBoundary(blocks, now);
          const later = now + step;
          if (next !== null && later >= next) return;
          for (const b of blocks) expect(isShownAt(b.data, later)).toBe(isShownAt(b.data, now));
        },
      ),
    );
  });

  it('refuses an end that is not after the start, at the door', () => {
    const refused = blockInputSchema.safeParse({
      type: 'header',
      text: 'Sale',
      visible_from: '2026-12-14T18:00:00Z',
      visible_until: '2026-12-12T10:00:00Z',
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['visible_until']);
    expect(blockInputSchema.safeParse({ type: 'divider', visible_from: 'tomorrow' }).success).toBe(false);
    expect(
      blockInputSchema.safeParse({
        type: 'divider',
        visible_from: '2026-12-12T10:00:00Z',
        visible_until: null,
      }).success,
    ).toBe(true);
  });

  it('leaves a block out of the rendered page outside its window', () => {
    const page = pageSnapshotSchema.parse({
      id: 'p',
      workspace_id: 'w',
      handle: 'maya',
      title: 'Maya',
      blocks: [
        { id: 'a', type: 'header', data: { text: 'Early bird', visible_until: iso(T) } },
        { id: 'b', type: 'header', data: { text: 'Main sale', visible_from: iso(T) } },
      ],
    });
    const render = (now: number) => renderBioPage(page, { nonce: 'n', linkHref: (id) => `/l/${id}`, now });
    expect(render(T - 1)).toContain('Early bird');
    expect(render(T - 1)).not.toContain('Main sale');
    expect(render(T)).not.toContain('Early bird');
    expect(render(T)).toContain('Main sale');
  });
});
