import type { analyticsReportSubscriptions } from '@linkhub/shared/server/db/schema/analytics-sharing';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { z } from 'zod';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';

/** `PUT /v1/analytics/reports`: the signed-in member's own report for one workspace. */
export const reportSettingSchema = z
  .object({ workspace_id: z.uuid().optional(), frequency: z.enum(['off', 'weekly', 'monthly']) })
  .strict();

export type ReportSetting = { frequency: 'off' | 'weekly' | 'monthly'; last_period_start: string | null };

export async function readReportSetting(
  db: Queryable,
  workspaceId: string,
  userId: string,
): Promise<ReportSetting> {
  const row = await one<RowOf<typeof analyticsReportSubscriptions, 'frequency' | 'lastPeriodStart'>>(
    db,
    'SELECT frequency, last_period_start FROM analytics_report_subscriptions WHERE workspace_id = $1 AND user_id = $2',
    [workspaceId, userId],
  );
  return row
    ? { frequency: row.frequency, last_period_start: row.last_period_start?.toISOString() ?? null }
    : { frequency: 'off', last_period_start: null };
}

/** Off deletes the subscription; weekly or monthly upserts it (a change of rhythm starts afresh). */
export async function writeReportSetting(
  db: Queryable,
  workspaceId: string,
  userId: string,
  frequency: 'off' | 'weekly' | 'monthly',
): Promise<ReportSetting> {
  if (frequency === 'off') {
    await db.query('DELETE FROM analytics_report_subscriptions WHERE workspace_id = $1 AND user_id = $2', [
      workspaceId,
      userId,
    ]);
  } else {
    await db.query(
      `INSERT INTO analytics_report_subscriptions (workspace_id, user_id, frequency) VALUES ($1, $2, $3)
       ON CONFLICT (workspace_id, user_id) DO UPDATE SET frequency = EXCLUDED.frequency, updated_at = now(),
         last_period_start = CASE WHEN analytics_report_subscriptions.frequency = EXCLUDED.frequency THEN analytics_report_subscriptions.last_period_start END`,
      [workspaceId, userId, frequency],
    );
  }
  return readReportSetting(db, workspaceId, userId);
}
