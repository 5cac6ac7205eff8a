import type { Queryable } from '@linkhub/shared/db/sql';
import type { Window } from '@linkhub/shared/analytics/dashboard-window';

export type ReportFrequency = 'weekly' | 'monthly';

/**
 * The last complete period of a report in the workspace's time zone at `now`: the Monday-to-Sunday
 * week before this one, or the calendar month before this one; and the period before it, as long
 * on the local clock (DST-aligned like the dashboard's comparison).
 */
export async function reportPeriod(
  db: Queryable,
  timeZone: string,
  frequency: ReportFrequency,
  now: Date,
): Promise<{ current: Window; previous: Window }> {
  const unit = frequency === 'weekly' ? 'week' : 'month';
  const res = await db.query<{ from: Date; to: Date; prev_from: Date }>(
    `WITH w AS (
       SELECT date_trunc($2, $3::timestamptz AT TIME ZONE $1) - CASE WHEN $2 = 'week' THEN interval '7 days' ELSE interval '1 month' END AS lf,
              date_trunc($2, $3::timestamptz AT TIME ZONE $1) AS lt)
     SELECT lf AT TIME ZONE $1 AS "from", lt AT TIME ZONE $1 AS "to",
            (lf - CASE WHEN $2 = 'week' THEN interval '7 days' ELSE interval '1 month' END) AT TIME ZONE $1 AS prev_from FROM w`,
    [timeZone, unit, now],
  );
  const r = res.rows[0];
  if (!r) throw new Error('no report period');
  return { current: { from: r.from, to: r.to }, previous: { from: r.prev_from, to: r.from } };
}
