import type { Queryable } from '../db/sql';
import type { DashboardPeriod } from './dashboard';

type Db = Queryable;
export type Window = { from: Date; to: Date };

/** Whole days of each period that ends today (today included). */
const PERIOD_DAYS: Partial<Record<DashboardPeriod, number>> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };
const HOUR_MS = 3_600_000;

/**
 * The current window and the one to compare it with, computed in the workspace's time zone by
 * PostgreSQL: a period of N days runs from local midnight N-1 days ago to the next local midnight;
 * the previous window is as long *on the local clock* and ends where the current one starts, so
 * across a DST change both have the same number of buckets and bucket i of one sits at the same
 * local time as bucket i of the other (a 7-day week of 167 hours compares with one of 168).
 * `24h` is the last 24 clock hours (to the end of the current hour) and the 24 before.
 */
export async function dashboardWindows(
  db: Db,
  timeZone: string,
  q: { period: DashboardPeriod; from?: Date; to?: Date },
  now: Date,
): Promise<{ current: Window; previous: Window }> {
  if (q.period === '24h') {
    const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
    const from = new Date(to.getTime() - 24 * HOUR_MS);
    return { current: { from, to }, previous: { from: new Date(from.getTime() - 24 * HOUR_MS), to: from } };
  }
  const days = PERIOD_DAYS[q.period];
  const res = await db.query<{ from: Date; to: Date; prev_from: Date }>(
    `WITH w AS (
       SELECT coalesce($2::timestamptz AT TIME ZONE $1, date_trunc('day', $4::timestamptz AT TIME ZONE $1) - make_interval(days => $5::int - 1)) AS lf,
              coalesce($3::timestamptz AT TIME ZONE $1, date_trunc('day', $4::timestamptz AT TIME ZONE $1) + interval '1 day') AS lt)
     SELECT lf AT TIME ZONE $1 AS "from", lt AT TIME ZONE $1 AS "to", (lf - (lt - lf)) AT TIME ZONE $1 AS prev_from FROM w`,
    [
      timeZone,
      q.period === 'custom' ? (q.from ?? null) : null,
      q.period === 'custom' ? (q.to ?? null) : null,
      now,
      days ?? 30,
    ],
  );
  const r = res.rows[0];
  if (!r) throw new Error('no window');
  return { current: { from: r.from, to: r.to }, previous: { from: r.prev_from, to: r.from } };
}

/** Hourly buckets up to two days (and a DST hour), daily beyond. */
export function intervalOf(w: Window): 'hour' | 'day' {
  return w.to.getTime() - w.from.getTime() <= 49 * HOUR_MS ? 'hour' : 'day';
}
