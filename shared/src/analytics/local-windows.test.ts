import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../server/db/client';
import { adminUrl } from '../server/db/testing';
import { dashboardWindows, localWindows } from '../server/analytics/dashboard-window';

/**
 * One module turns local periods into instants for the dashboard and the report mails; the period
 * before is as long on the local clock, across DST changes and months of different lengths.
 */
const handle = createDb(adminUrl());
afterAll(async () => handle.close());
const iso = (w: { current: { from: Date; to: Date }; previous: { from: Date; to: Date } }) => ({
  from: w.current.from.toISOString(),
  to: w.current.to.toISOString(),
  prev: w.previous.from.toISOString(),
  prevTo: w.previous.to.toISOString(),
});

describe('local windows', () => {
  it("a report's last complete week: Monday to Monday in Paris, across the October DST change", async () => {
    // Tuesday 27 October 2026: last week is Mon 19 – Mon 26 (169 hours: clocks went back on the 25th)
    const w = await localWindows(handle.pool, 'Europe/Paris', {
      now: new Date('2026-10-27T09:00:00Z'),
      unit: 'week',
      length: 1,
      includeCurrent: false,
    });
    expect(iso(w)).toEqual({
      from: '2026-10-18T22:00:00.000Z',
      to: '2026-10-25T23:00:00.000Z',
      prev: '2026-10-11T22:00:00.000Z',
      prevTo: '2026-10-18T22:00:00.000Z',
    });
  });

  it("a report's last complete month compares with the calendar month before (31 days against 28)", async () => {
    const w = await localWindows(handle.pool, 'America/New_York', {
      now: new Date('2026-04-02T12:00:00Z'),
      unit: 'month',
      length: 1,
      includeCurrent: false,
    });
    expect(iso(w)).toEqual({
      from: '2026-03-01T05:00:00.000Z',
      to: '2026-04-01T04:00:00.000Z',
      prev: '2026-02-01T05:00:00.000Z',
      prevTo: '2026-03-01T05:00:00.000Z',
    });
  });

  it("the dashboard's N days end with today; custom instants compare with as long a local span before", async () => {
    const now = new Date('2026-10-25T20:00:00+01:00');
    expect(iso(await dashboardWindows(handle.pool, 'Europe/Paris', { period: '7d' }, now))).toEqual({
      from: '2026-10-18T22:00:00.000Z',
      to: '2026-10-25T23:00:00.000Z',
      prev: '2026-10-11T22:00:00.000Z',
      prevTo: '2026-10-18T22:00:00.000Z',
    });
    const custom = await dashboardWindows(
      handle.pool,
      'UTC',
      { period: 'custom', from: new Date('2026-11-10T06:00:00Z'), to: new Date('2026-11-12T06:00:00Z') },
      now,
    );
    expect(iso(custom)).toEqual({
      from: '2026-11-10T06:00:00.000Z',
      to: '2026-11-12T06:00:00.000Z',
      prev: '2026-11-08T06:00:00.000Z',
      prevTo: '2026-11-10T06:00:00.000Z',
    });
  });
});
