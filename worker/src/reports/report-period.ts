import type { Queryable } from '@linkhub/shared/server/db/sql';
import { localWindows, type Window } from '@linkhub/shared/server/analytics/dashboard-window';

export type ReportFrequency = 'weekly' | 'monthly';

/**
 * The last complete period of a report in the workspace's time zone at `now`: the Monday-to-Sunday
 * week before this one, or the calendar month before this one; and the period before it, as long
 * on the local clock (the dashboard's rule, one module: localWindows).
 */
export function reportPeriod(
  db: Queryable,
  timeZone: string,
  frequency: ReportFrequency,
  now: Date,
): Promise<{ current: Window; previous: Window }> {
  return localWindows(db, timeZone, {
    now,
    unit: frequency === 'weekly' ? 'week' : 'month',
    length: 1,
    includeCurrent: false,
  });
}
