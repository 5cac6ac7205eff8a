import {
  DASHBOARD_DIMENSION_LABELS,
  EVENT_TYPE_LABELS,
  type DashboardCounts,
  type DashboardDimension,
  type DashboardRow,
} from '@linkhub/shared/analytics/dashboard';
import { changeOf } from '@linkhub/shared/analytics/dashboard';
import { formatChange, formatCount, formatShare } from '@linkhub/shared/analytics/format';
import { escapeHtml } from '@linkhub/shared/blocks/escape';
import type { MailMessage } from '@linkhub/shared/mail/mailer';
import type { ReportFrequency } from './report-period';

export type ReportContent = {
  to: string;
  locale: string;
  workspaceName: string;
  timeZone: string;
  frequency: ReportFrequency;
  from: Date;
  to_: Date;
  totals: DashboardCounts;
  previous: DashboardCounts;
  breakdowns: Partial<Record<DashboardDimension, DashboardRow[]>>;
  dashboardUrl: string;
};

const METRICS = [
  ['scans', 'QR scans'],
  ['clicks', 'Link clicks'],
  ['page_views', 'Bio page views'],
  ['unique_visitors', 'Unique visitors'],
] as const;

const label = (dim: DashboardDimension, value: string | null): string =>
  value === null
    ? dim === 'referrer_host'
      ? 'Direct / none'
      : 'Unknown'
    : dim === 'event_type'
      ? (EVENT_TYPE_LABELS[value] ?? value)
      : value;

/**
 * The weekly or monthly mail: the headline numbers with their change against the period before,
 * and where the events came from (source, country, referrer: top 5 each), as text and HTML.
 */
export function reportMail(r: ReportContent): MailMessage {
  const days = new Intl.DateTimeFormat(r.locale, { timeZone: r.timeZone, dateStyle: 'medium' });
  const range = `${days.format(r.from)} – ${days.format(new Date(r.to_.getTime() - 1))}`;
  const change = changeOf(r.totals, r.previous);
  const total = r.totals.clicks + r.totals.scans + r.totals.page_views;
  const n = (v: number) => formatCount(v, r.locale);
  // unique visitors of a period older than the plan keeps visitor days for are not known (D-332)
  const comparison = (k: (typeof METRICS)[number][0]): { value: string; note: string } => {
    const v = r.totals[k];
    const before = r.previous[k];
    if (v === null) return { value: '—', note: 'not kept for the whole period on this plan' };
    if (before === null) return { value: n(v), note: 'the period before is older than this plan keeps' };
    return { value: n(v), note: `${formatChange(change[k], r.locale, v)} vs ${n(before)} before` };
  };
  const lines = METRICS.map(([k, name]) => `${name}: ${comparison(k).value} (${comparison(k).note})`);
  const dims: DashboardDimension[] = ['event_type', 'country', 'referrer_host'];
  const sections = dims.map((dim) => ({
    title: DASHBOARD_DIMENSION_LABELS[dim],
    rows: (r.breakdowns[dim] ?? []).slice(0, 5).map((row) => ({
      name: label(dim, row.value),
      events: n(row.events),
      share: total === 0 ? '' : formatShare(row.events / total, r.locale),
    })),
  }));
  const period = r.frequency === 'weekly' ? 'Weekly' : 'Monthly';
  const text = [
    `${period} analytics for ${r.workspaceName}, ${range} (${r.timeZone})`,
    '',
    ...lines,
    ...sections.flatMap((s) => [
      '',
      `${s.title}:`,
      ...(s.rows.length === 0 ? ['  no events'] : s.rows.map((x) => `  ${x.name}: ${x.events} (${x.share})`)),
    ]),
    '',
    `Open the dashboard: ${r.dashboardUrl}`,
    'To stop these mails, set "Email me a report" to Off on the analytics screen.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827">
<h1 style="font-size:18px">${escapeHtml(period)} analytics for ${escapeHtml(r.workspaceName)}</h1>
<p style="color:#4b5563">${escapeHtml(range)} (${escapeHtml(r.timeZone)})</p>
<table cellpadding="6" style="border-collapse:collapse">${METRICS.map(
    ([k, name]) =>
      `<tr><td>${escapeHtml(name)}</td><td style="text-align:right;font-size:20px"><b>${escapeHtml(comparison(k).value)}</b></td><td style="color:#4b5563">${escapeHtml(comparison(k).note)}</td></tr>`,
  ).join('')}</table>
${sections
  .map(
    (s) =>
      `<h2 style="font-size:15px">${escapeHtml(s.title)}</h2><table cellpadding="4">${s.rows.length === 0 ? '<tr><td>No events</td></tr>' : s.rows.map((x) => `<tr><td>${escapeHtml(x.name)}</td><td style="text-align:right">${escapeHtml(x.events)}</td><td style="color:#4b5563">${escapeHtml(x.share)}</td></tr>`).join('')}</table>`,
  )
  .join('\n')}
<p><a href="${escapeHtml(r.dashboardUrl)}">Open the dashboard</a></p>
<p style="color:#4b5563;font-size:12px">To stop these mails, set "Email me a report" to Off on the analytics screen.</p></body></html>`;
  return { to: r.to, subject: `${period} analytics: ${r.workspaceName}, ${range}`, text, html };
}
