import type { Queryable } from '../db/sql';
import type { DashboardPeriod } from '../../analytics/dashboard';

type Db = Queryable;
export type Window = { from: Date; to: Date };

/** Whole days of each period that ends today (today included). */
const PERIOD_DAYS: Partial<Record<DashboardPeriod, number>> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };
const HOUR_MS = 3_600_000;

/**
 * A period on a workspace's clock: `length` whole local units (days, weeks from Monday, calendar
 * months) ending with the current one (`includeCurrent`, the dashboard's "last 7 days") or just
 * before it (a report's last complete week or month); or custom instants.
 */
export type LocalPeriod =
  | { now: Date; unit: 'day' | 'week' | 'month'; length: number; includeCurrent: boolean }
  | { from: Date; to: Date };

/**
 * The one place a local period becomes instants (the dashboard and the report mails): PostgreSQL
 * computes it in the zone, and the period before is as long *on the local clock* (N days, or the
 * calendar month before) and ends where this one starts, so across a DST change both have the same
 * number of local days and bucket i of one sits at the same local time as bucket i of the other (a
 * 7-day week of 167 hours compares with one of 168). Custom instants compare with as long a local
 * span before them.
 */
export async function localWindows(
  db: Db,
  timeZone: string,
  p: LocalPeriod,
): Promise<{ current: Window; previous: Window }> {
  const custom = 'from' in p;
  const unit = custom ? 'day' : p.unit;
  const res = await db.query<{ from: Date; to: Date; prev_from: Date }>(
    `WITH p AS (SELECT date_trunc($4, $5::timestamptz AT TIME ZONE $1) + $6::interval AS end_local),
     w AS (
       SELECT coalesce($2::timestamptz AT TIME ZONE $1, end_local - $7::interval) AS lf,
              coalesce($3::timestamptz AT TIME ZONE $1, end_local) AS lt FROM p)
     SELECT lf AT TIME ZONE $1 AS "from", lt AT TIME ZONE $1 AS "to",
            (lf - coalesce($7::interval, lt - lf)) AT TIME ZONE $1 AS prev_from FROM w`,
    [
      timeZone,
      custom ? p.from : null,
      custom ? p.to : null,
      unit,
      custom ? new Date(0) : p.now,
      custom || !p.includeCurrent ? '0 days' : `1 ${unit}`,
      custom ? null : `${p.length} ${unit}`,
    ],
  );
  const r = res.rows[0];
  if (!r) throw new Error('no window');
  return { current: { from: r.from, to: r.to }, previous: { from: r.prev_from, to: r.from } };
}

/**
 * The dashboard's current window and the one to compare it with, in the workspace's time zone: a
 * period of N days runs from local midnight N-1 days ago to the next local midnight, the one before
 * is the N local days before (localWindows). `24h` is the last 24 clock hours (to the end of the
 * current hour) and the 24 before.
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
  if (q.period === 'custom' && q.from !== undefined && q.to !== undefined)
    return localWindows(db, timeZone, { from: q.from, to: q.to });
  return localWindows(db, timeZone, {
    now,
    unit: 'day',
    length: PERIOD_DAYS[q.period] ?? 30,
    includeCurrent: true,
  });
}

/** Hourly buckets up to two days (and a DST hour), daily beyond. */
export function intervalOf(w: Window): 'hour' | 'day' {
  return w.to.getTime() - w.from.getTime() <= 49 * HOUR_MS ? 'hour' : 'day';
}
