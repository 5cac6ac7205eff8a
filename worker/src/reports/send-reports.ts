import type { resourceGrants } from '@linkhub/shared/server/db/schema/workspaces';
import type { RowOf } from '@linkhub/shared/server/db/row';
import type { DashboardDimension } from '@linkhub/shared/analytics/dashboard';
import { isPlanKey } from '@linkhub/shared/entitlements/plans';
import { safeLocale } from '@linkhub/shared/analytics/format';
import type { WorkerDeps } from '../deps';
import { reportMail } from './report-mail';
import { reportNumbers } from './report-numbers';
import { reportPeriod, type ReportFrequency } from './report-period';

/** The breakdowns a report mail shows (report-mail.ts). */
const REPORT_DIMENSIONS: readonly DashboardDimension[] = ['event_type', 'country', 'referrer_host'];

type Due = {
  id: string;
  workspace_id: string;
  frequency: ReportFrequency;
  last_period_start: Date | null;
  email: string;
  locale: string;
  workspace_name: string;
  time_zone: string;
  current_plan_key: string;
  member_id: string;
  is_scoped: boolean;
};

/**
 * The report job (hourly): every subscription of a live member of a live workspace whose last
 * complete period has not been mailed yet gets one mail for it, through the mailer (SMTP, or the
 * dev outbox), then `last_period_start` records it, so a rerun sends nothing twice. Numbers come
 * from the rollups, which outlive the raw events (D-332); a scoped member's cover their grants only.
 * One subscription's failure is logged and the others go on.
 */
export async function sendDueReports(
  deps: WorkerDeps,
  now: Date = new Date(),
): Promise<{ sent: number; failed: number }> {
  const due = await deps.pool.query<Due>(
    `SELECT s.id, s.workspace_id, s.frequency, s.last_period_start, u.email, u.locale, w.name AS workspace_name, w.time_zone, w.current_plan_key,
            m.id AS member_id, m.is_scoped
       FROM analytics_report_subscriptions s
       JOIN workspaces w ON w.id = s.workspace_id AND w.deleted_at IS NULL
       JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL AND u.status = 'active' AND u.email_verified_at IS NOT NULL
       JOIN workspace_members m ON m.workspace_id = s.workspace_id AND m.user_id = s.user_id AND m.deleted_at IS NULL
      ORDER BY s.id`,
  );
  let sent = 0;
  let failed = 0;
  for (const sub of due.rows) {
    try {
      const period = await reportPeriod(deps.pool, sub.time_zone, sub.frequency, now);
      if (sub.last_period_start !== null && sub.last_period_start.getTime() >= period.current.from.getTime())
        continue;
      const resourceIds = sub.is_scoped
        ? (
            await deps.pool.query<RowOf<typeof resourceGrants, 'resourceId'>>(
              "SELECT resource_id FROM resource_grants WHERE member_id = $1 AND resource_type IN ('link', 'qr_code', 'bio_page')",
              [sub.member_id],
            )
          ).rows.map((r) => r.resource_id)
        : null;
      const selection = {
        workspaceId: sub.workspace_id,
        resourceIds,
        plan: isPlanKey(sub.current_plan_key) ? sub.current_plan_key : 'free',
      };
      const current = await reportNumbers(deps.pool, selection, period.current, REPORT_DIMENSIONS, 5, now);
      const previous = await reportNumbers(deps.pool, selection, period.previous, [], 5, now);
      await deps.mailer.send(
        reportMail({
          to: sub.email,
          locale: safeLocale(sub.locale),
          workspaceName: sub.workspace_name,
          timeZone: sub.time_zone,
          frequency: sub.frequency,
          from: period.current.from,
          to_: period.current.to,
          totals: current.totals,
          previous: previous.totals,
          breakdowns: current.breakdowns,
          dashboardUrl: `${deps.config.PUBLIC_PWA_URL.replace(/\/$/, '')}/analytics?period=${sub.frequency === 'weekly' ? '7d' : '30d'}`,
        }),
      );
      await deps.pool.query(
        'UPDATE analytics_report_subscriptions SET last_period_start = $2, updated_at = now() WHERE id = $1',
        [sub.id, period.current.from],
      );
      sent += 1;
    } catch (error) {
      failed += 1;
      deps.logger.warn(
        { err: { message: error instanceof Error ? error.message : String(error) }, subscription_id: sub.id },
        'analytics report not sent',
      );
    }
  }
  return { sent, failed };
}
