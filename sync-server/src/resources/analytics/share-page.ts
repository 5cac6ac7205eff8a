import { escapeHtml } from '@linkhub/shared/blocks/escape';
import {
  breakdownWorthShowing,
  DASHBOARD_DIMENSION_LABELS,
  DASHBOARD_DIMENSIONS,
  VISITOR_COUNTING_NOTES,
  type DashboardData,
  type DashboardDimension,
  type DashboardFilters,
  type DashboardPoint,
} from '@linkhub/shared/analytics/dashboard';
import { formatChange, formatCompact, formatCount, formatShare } from '@linkhub/shared/analytics/format';
import { valueLabel } from '@linkhub/shared/analytics/value-label';

/** The inline style of the page (no external request, no script: the page works as plain HTML). */
export const SHARE_PAGE_CSS = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a2e;background:#f6f7fb}
main{max-width:1080px;margin:0 auto;padding:16px}h1{font-size:1.4rem;margin:.2em 0}h2{font-size:1rem;margin:0 0 .5em}
.muted{color:#555}.tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:8px;margin:12px 0}
.tile{background:#fff;border-radius:8px;padding:10px 12px}.tile b{display:block;font-size:1.6rem}
.up{color:#0a6b2c}.down{color:#a3111e}.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:12px}
section{background:#fff;border-radius:8px;padding:12px;min-width:0}table{width:100%;border-collapse:collapse}
td,th{padding:4px 6px;text-align:left;font-weight:normal;overflow-wrap:anywhere}.n{text-align:right;white-space:nowrap}
.bar{position:relative}.bar span{position:absolute;inset:2px auto 2px 0;background:#dfe6ff;border-radius:3px;z-index:0}
.bar em{position:relative;font-style:normal}svg{width:100%;height:auto;display:block}nav a{margin-right:12px}
.chips span{display:inline-block;background:#e8ecff;border-radius:12px;padding:0 10px;margin:2px}`;

type Labels = {
  title: string;
  subtitle: string;
  locale: string;
  periodLinks: Array<{ label: string; href: string; current: boolean }>;
};

const sum = (p: DashboardPoint) => p.clicks + p.scans + p.page_views;

/** The series as an SVG bar chart with a date axis (first, middle, last bucket) and a count axis. */
function seriesChart(d: DashboardData, locale: string): string {
  const points = d.series;
  const max = Math.max(1, ...points.map(sum), ...d.previous_series.map(sum));
  const w = 640;
  const h = 160;
  const left = 44;
  const bw = (w - left) / Math.max(1, points.length);
  const y = (v: number) => h - 20 - ((h - 30) * v) / max;
  const dateFmt = new Intl.DateTimeFormat(locale, {
    timeZone: d.time_zone,
    ...(d.interval === 'hour' ? { hour: 'numeric' } : { month: 'short', day: 'numeric' }),
  });
  const bars = points
    .map((p, i) => {
      const v = sum(p);
      return `<rect x="${(left + i * bw + 1).toFixed(1)}" y="${y(v).toFixed(1)}" width="${Math.max(1, bw - 2).toFixed(1)}" height="${(h - 20 - y(v)).toFixed(1)}" fill="#4b6bfb"><title>${escapeHtml(dateFmt.format(new Date(p.bucket_start)))}: ${formatCount(v, locale)}</title></rect>`;
    })
    .join('');
  const prev = d.previous_series
    .map((p, i) => `${(left + i * bw + bw / 2).toFixed(1)},${y(sum(p)).toFixed(1)}`)
    .join(' ');
  const ticks = [0, Math.floor((points.length - 1) / 2), points.length - 1]
    .filter((i, k, a) => i >= 0 && a.indexOf(i) === k)
    .map((i) => {
      const p = points[i];
      return p
        ? `<text x="${(left + i * bw + bw / 2).toFixed(1)}" y="${h - 4}" font-size="11" text-anchor="middle">${escapeHtml(dateFmt.format(new Date(p.bucket_start)))}</text>`
        : '';
    })
    .join('');
  return `<svg viewBox="0 0 ${w} ${h}" role="img" aria-label="Events per ${d.interval}, this period (bars) and the previous one (line)">
<line x1="${left}" y1="${h - 20}" x2="${w}" y2="${h - 20}" stroke="#999"/><text x="${left - 4}" y="${y(max) + 4}" font-size="11" text-anchor="end">${formatCompact(max, locale)}</text>
<text x="${left - 4}" y="${h - 20}" font-size="11" text-anchor="end">0</text>${bars}
<polyline points="${prev}" fill="none" stroke="#9aa5c4" stroke-dasharray="4 3"/>${ticks}</svg>`;
}

function breakdownSection(
  d: DashboardData,
  dim: DashboardDimension,
  filters: DashboardFilters,
  locale: string,
): string {
  const rows = d.breakdowns[dim];
  if (rows.length === 0 || (filters[dim] === undefined && !breakdownWorthShowing(dim, rows))) return '';
  const total = d.totals.clicks + d.totals.scans + d.totals.page_views;
  const top = Math.max(1, ...rows.map((r) => r.events));
  const body = rows
    .map(
      (r) =>
        `<tr><td class="bar"><span style="width:${((100 * r.events) / top).toFixed(1)}%"></span><em>${escapeHtml(valueLabel(dim, r.value, locale, d.value_names?.[dim]))}</em></td><td class="n">${formatCount(r.events, locale)}</td><td class="n muted">${total === 0 ? '' : formatShare(r.events / total, locale)}</td></tr>`,
    )
    .join('');
  const label = escapeHtml(DASHBOARD_DIMENSION_LABELS[dim]);
  return `<section><h2>${label}</h2><table><thead><tr><th scope="col">${label}</th><th scope="col" class="n">Events</th><th scope="col" class="n">Share</th></tr></thead><tbody>${body}</tbody></table></section>`;
}

function tile(
  label: string,
  value: number | null,
  change: number | null,
  locale: string,
  counting: DashboardData['unique_visitors_counting'] = { current: 'exact', previous: 'exact' },
): string {
  // with filters, unique visitors may be approximate or not counted (D-380)
  if (value === null)
    return `<div class="tile">${escapeHtml(label)}<b>—</b><span class="muted">not counted with these filters</span></div>`;
  const approximate = counting.current === 'approximate';
  const shown = `${approximate ? '≈ ' : ''}${formatCount(value, locale)}`;
  const note = approximate
    ? `<span class="muted" title="${escapeHtml(VISITOR_COUNTING_NOTES.approximate)}">approximate (±2 %)</span> `
    : '';
  if (counting.previous === 'not_counted')
    return `<div class="tile">${escapeHtml(label)}<b>${shown}</b>${note}<span class="muted">not counted in the previous period</span></div>`;
  const cls = change === null || change === 0 ? 'muted' : change > 0 ? 'up' : 'down';
  return `<div class="tile">${escapeHtml(label)}<b>${shown}</b>${note}<span class="${cls}">${escapeHtml(formatChange(change, locale, value))}</span> <span class="muted">vs previous period</span></div>`;
}

/** Where the filtered numbers reach past what the plan keeps, the page says from which day they exist (D-331). */
function coverage(d: DashboardData, days: Intl.DateTimeFormat): string {
  if (d.filtered_since === null) return '';
  const since = new Date(d.filtered_since);
  const text =
    since > new Date(d.window.from)
      ? `Filtered numbers start on ${days.format(since)}; the days before count no events.`
      : `The comparison period's filtered numbers start on ${days.format(since)}.`;
  return `<p class="muted">${escapeHtml(text)}</p>`;
}

/**
 * A shared dashboard as one static HTML page: headline tiles with the change, the series, every
 * breakdown as a bar list. Aggregates only: nothing in DashboardData is visitor-level.
 */
export function renderSharePage(d: DashboardData, filters: DashboardFilters, labels: Labels): string {
  const { locale } = labels;
  const range = new Intl.DateTimeFormat(locale, { timeZone: d.time_zone, dateStyle: 'medium' });
  const lastInstant = new Date(new Date(d.window.to).getTime() - 1);
  const chips = DASHBOARD_DIMENSIONS.filter((dim) => filters[dim] !== undefined)
    .map(
      (dim) =>
        `<span>${escapeHtml(DASHBOARD_DIMENSION_LABELS[dim])}: ${escapeHtml(valueLabel(dim, filters[dim] || null, locale, d.value_names?.[dim]))}</span>`,
    )
    .join('');
  const nav = labels.periodLinks
    .map((l) =>
      l.current
        ? `<strong aria-current="page">${escapeHtml(l.label)}</strong>`
        : `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`,
    )
    .join(' ');
  return `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(labels.title)} · analytics</title><style>${SHARE_PAGE_CSS}</style></head>
<body><main><h1>${escapeHtml(labels.title)}</h1><p class="muted">${escapeHtml(labels.subtitle)} · ${escapeHtml(range.format(new Date(d.window.from)))} – ${escapeHtml(range.format(lastInstant))} (${escapeHtml(d.time_zone)})</p>
<nav aria-label="Period">${nav}</nav>${chips === '' ? '' : `<p class="chips">Filtered by ${chips}</p>`}${coverage(d, range)}
<div class="tiles">${tile('Clicks', d.totals.clicks, d.change.clicks, locale)}${tile('QR scans', d.totals.scans, d.change.scans, locale)}${tile('Page views', d.totals.page_views, d.change.page_views, locale)}${tile('Unique visitors', d.totals.unique_visitors, d.change.unique_visitors, locale, d.unique_visitors_counting)}</div>
<section><h2>Events over time</h2>${seriesChart(d, locale)}</section>
<div class="grid">${DASHBOARD_DIMENSIONS.map((dim) => breakdownSection(d, dim, filters, locale)).join('')}</div>
<p class="muted">Read-only shared view. Powered by LinkHub.</p></main></body></html>`;
}

/** The page a revoked or unknown link answers (404). */
export function shareGonePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Link not available</title><style>${SHARE_PAGE_CSS}</style></head><body><main><h1>This shared dashboard is not available</h1><p>The link was revoked or never existed. Ask whoever sent it for a new one.</p></main></body></html>`;
}

export function shareBusyPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Try again in a minute</title><style>${SHARE_PAGE_CSS}</style></head><body><main><h1>Too many views from here just now</h1><p>This shared dashboard was opened many times from your network in the last minute. Reload it in a minute.</p></main></body></html>`;
}
