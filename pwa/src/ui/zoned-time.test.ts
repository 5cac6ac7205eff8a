import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { instantOf, wallTimeOf } from './zoned-time';

describe('schedule times on the workspace clock', () => {
  it('reads a wall time in the workspace zone, winter and summer', () => {
    expect(instantOf('2026-12-24T09:00', 'Europe/Berlin')).toBe('2026-12-24T08:00:00.000Z');
    expect(instantOf('2026-07-01T09:00', 'Europe/Berlin')).toBe('2026-07-01T07:00:00.000Z');
    expect(instantOf('2026-12-24T09:00', 'America/New_York')).toBe('2026-12-24T14:00:00.000Z');
    expect(instantOf('2026-12-24T09:00', 'Asia/Kolkata')).toBe('2026-12-24T03:30:00.000Z');
    expect(instantOf('2026-12-24T09:00', 'UTC')).toBe('2026-12-24T09:00:00.000Z');
  });

  it('shows a stored instant on the workspace clock', () => {
    expect(wallTimeOf('2026-12-24T08:00:00.000Z', 'Europe/Berlin')).toBe('2026-12-24T09:00');
    expect(wallTimeOf('2026-12-24T03:30:00Z', 'Asia/Kolkata')).toBe('2026-12-24T09:00');
    expect(wallTimeOf('2026-12-31T23:30:00+00:00', 'Pacific/Auckland')).toBe('2027-01-01T12:30');
    expect(wallTimeOf(null, 'Europe/Berlin')).toBe('');
  });

  it('reads a time the clocks skip forward, and a time they pass twice as the later one', () => {
    // 2026-03-29 02:30 does not happen in Berlin: the clock shows 03:30 an hour after 01:30.
    expect(instantOf('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(instantOf('2026-10-25T02:30', 'Europe/Berlin')).toBe('2026-10-25T01:30:00.000Z');
  });

  it('hands back what names no time, for the schema to refuse; empty is no time at all', () => {
    for (const typed of [
      '20000-01-01T00:00',
      '2026-02-31T10:00',
      '2026-13-01T10:00',
      '2026-12-24T24:00',
      'soon',
    ]) {
      expect(instantOf(typed, 'Europe/Berlin')).toBe(typed);
    }
    expect(instantOf('', 'Europe/Berlin')).toBeNull();
    expect(instantOf('  ', 'UTC')).toBeNull();
  });

  it('falls back to UTC for a zone it cannot read', () => {
    expect(instantOf('2026-12-24T09:00', 'Mars/Olympus')).toBe('2026-12-24T09:00:00.000Z');
    expect(wallTimeOf('2026-12-24T09:00:00Z', 'Mars/Olympus')).toBe('2026-12-24T09:00');
  });

  it('gives back the same wall time it showed, in every zone, for every minute of four centuries', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/Sao_Paulo',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Apia',
    ];
    const minute = 60_000;
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1900, 0, 2) / minute, max: Date.UTC(2299, 11, 30) / minute }),
        fc.constantFrom(...zones),
        (minutes, zone) => {
          const iso = new Date(minutes * minute).toISOString();
          const wall = wallTimeOf(iso, zone);
          const back = instantOf(wall, zone);
          // Shown then read: the same wall time (a time passed twice reads as the later instant).
          expect(back).not.toBeNull();
          expect(wallTimeOf(back, zone)).toBe(wall);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
