import { describe, expect, it } from 'vitest';
import { cubeRange, localDaysOnWholeHours } from './cube-window';

const w = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });

describe('which hours of a window the cube answers', () => {
  it('local midnights on whole UTC hours: Paris across its DST change, UTC, New York', () => {
    expect(localDaysOnWholeHours('Europe/Paris', w('2026-10-18T22:00:00Z', '2026-10-25T23:00:00Z'))).toBe(
      true,
    );
    expect(localDaysOnWholeHours('UTC', w('2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z'))).toBe(true);
    expect(localDaysOnWholeHours('America/New_York', w('2026-03-01T05:00:00Z', '2026-03-20T04:00:00Z'))).toBe(
      true,
    );
  });

  it('not in India, Nepal or Newfoundland, nor on Lord Howe Island once its half-hour winter begins', () => {
    expect(localDaysOnWholeHours('Asia/Kolkata', w('2026-10-01T18:30:00Z', '2026-10-08T18:30:00Z'))).toBe(
      false,
    );
    expect(localDaysOnWholeHours('Asia/Kathmandu', w('2026-10-01T18:15:00Z', '2026-10-08T18:15:00Z'))).toBe(
      false,
    );
    expect(localDaysOnWholeHours('America/St_Johns', w('2026-10-01T02:30:00Z', '2026-10-08T02:30:00Z'))).toBe(
      false,
    );
    // +11:00 in summer, +10:30 from the first Sunday of April
    expect(
      localDaysOnWholeHours('Australia/Lord_Howe', w('2026-03-20T13:00:00Z', '2026-04-20T13:30:00Z')),
    ).toBe(false);
  });

  it('whole hours inside the window, before the built instant; none when local days cut hours', () => {
    const built = new Date('2026-12-05T10:00:00Z');
    expect(
      cubeRange(w('2026-12-01T23:00:00Z', '2026-12-05T23:00:00Z'), 'day', 'Europe/Paris', built),
    ).toEqual({
      from: new Date('2026-12-01T23:00:00Z'),
      to: built,
    });
    // a window starting and ending inside hours: only the whole hours between
    expect(
      cubeRange(w('2026-12-04T08:30:00Z', '2026-12-04T11:15:00Z'), 'hour', 'Asia/Kolkata', built),
    ).toEqual({
      from: new Date('2026-12-04T09:00:00Z'),
      to: new Date('2026-12-04T11:00:00Z'),
    });
    const kolkata = w('2026-11-01T18:30:00Z', '2026-11-08T18:30:00Z');
    expect(cubeRange(kolkata, 'day', 'Asia/Kolkata', built)).toEqual({
      from: kolkata.from,
      to: kolkata.from,
    });
    // nothing built yet (epoch): all raw events
    const any = w('2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z');
    expect(cubeRange(any, 'hour', 'UTC', new Date(0))).toEqual({ from: any.from, to: any.from });
  });
});
