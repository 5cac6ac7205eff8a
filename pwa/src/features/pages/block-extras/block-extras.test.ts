import { describe, expect, it } from 'vitest';
import { extraDataOf, extraValuesOf, isoOfLocal, localInputOf, scheduleLine } from './block-extras';

describe('the block form’s schedule and notice fields', () => {
  it('round-trips an instant through the datetime-local value of this device', () => {
    const iso = '2026-12-12T10:00:00.000Z';
    expect(isoOfLocal(localInputOf(iso))).toBe(iso);
    expect(localInputOf(null)).toBe('');
    expect(isoOfLocal('')).toBeNull();
  });

  it('sets, clears and leaves alone', () => {
    const from = localInputOf('2026-12-12T10:00:00Z');
    expect(extraDataOf({ visible_from: from, visible_until: '' }, {}, false)).toEqual({
      visible_from: '2026-12-12T10:00:00.000Z',
    });
    expect(extraDataOf({ visible_from: '' }, { visible_from: '2026-12-12T10:00:00Z' }, false)).toEqual({
      visible_from: null,
    });
    expect(extraDataOf({ notice_kind: 'adult', notice_message: ' 18+ only ' }, {}, true)).toEqual({
      notice: { kind: 'adult', message: '18+ only' },
    });
    expect(extraDataOf({ notice_kind: '' }, { notice: { kind: 'adult' } }, true)).toEqual({ notice: null });
    expect(extraValuesOf({ notice: { kind: 'sensitive' } }).notice_kind).toBe('sensitive');
  });

  it('says when a block shows and where it stands', () => {
    const data = { visible_from: '2026-12-12T10:00:00Z', visible_until: '2026-12-14T18:00:00Z' };
    const line = scheduleLine(data, Date.parse('2026-12-01T00:00:00Z'));
    expect(line?.state).toBe('scheduled');
    expect(line?.text).toMatch(/^Shows from 1[12] Dec \d\d:\d\d to 1[45] Dec \d\d:\d\d$/);
    expect(scheduleLine(data, Date.parse('2026-12-15T00:00:00Z'))?.state).toBe('ended');
    expect(scheduleLine({}, 0)).toBeNull();
  });
});
