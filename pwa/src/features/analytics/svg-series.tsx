import type { DashboardData, DashboardPoint } from '@linkhub/shared/analytics/dashboard';
import { compact, count } from './number-format';
import { dateFormat } from './intl-cache';

const events = (p: DashboardPoint) => p.clicks + p.scans + p.page_views;
/** The chart box's height in CSS px (dashboard.css `.an-plot`): the plain chart and uPlot with its legend both fill it. */
export const PLOT_HEIGHT = 270;
const H = PLOT_HEIGHT;
const LEFT = 48;
const BOTTOM = 24;

/**
 * The series as plain SVG, drawn with the screen's first render (no library): bars with a count
 * axis and a date axis in the workspace time zone, the previous period dashed, each bar's value
 * on hover (its title). The interactive uPlot chart replaces it when the pointer or focus arrives.
 * Drawn at its box's own width (`width`, CSS px), not scaled, so its text is 12 px on a phone too.
 */
export function SvgSeries({ data, width }: { data: DashboardData; width: number }) {
  const W = Math.max(LEFT + 1, width);
  const points = data.series;
  const max = Math.max(1, ...points.map(events), ...data.previous_series.map(events));
  const bw = (W - LEFT) / Math.max(1, points.length);
  const y = (v: number) => H - BOTTOM - ((H - BOTTOM - 12) * v) / max;
  const fmt = dateFormat(data.time_zone, data.interval === 'hour' ? 'hour' : 'day');
  const ticks = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])].filter(
    (i) => i >= 0,
  );
  const prev = data.previous_series
    .map((p, i) => `${(LEFT + i * bw + bw / 2).toFixed(1)},${y(events(p)).toFixed(1)}`)
    .join(' ');
  return (
    <svg className="an-svg-series" viewBox={`0 0 ${W} ${H}`} aria-hidden="true" focusable="false">
      <line x1={LEFT} y1={H - BOTTOM} x2={W} y2={H - BOTTOM} stroke="#9ca3af" />
      <line x1={LEFT} y1={y(max)} x2={W} y2={y(max)} stroke="#eef0f3" />
      <text x={LEFT - 6} y={y(max) + 4} fontSize="12" textAnchor="end" fill="#4b5563">
        {compact(max)}
      </text>
      <text x={LEFT - 6} y={H - BOTTOM + 4} fontSize="12" textAnchor="end" fill="#4b5563">
        0
      </text>
      {points.map((p, i) => {
        const v = events(p);
        return (
          <rect
            key={p.bucket_start}
            x={LEFT + i * bw + 1}
            y={y(v)}
            width={Math.max(1, bw - 2)}
            height={H - BOTTOM - y(v)}
            fill="#c7d2fe"
          >
            <title>{`${fmt.format(new Date(p.bucket_start))}: ${count(v)}`}</title>
          </rect>
        );
      })}
      <polyline points={prev} fill="none" stroke="#9ca3af" strokeDasharray="5 4" />
      {ticks.map((i) => {
        const p = points[i];
        // the last date ends at the right edge instead of being cut in half by it
        const last = i > 0 && i === points.length - 1;
        return p ? (
          <text
            key={i}
            x={last ? W : LEFT + i * bw + bw / 2}
            y={H - 6}
            fontSize="12"
            textAnchor={last ? 'end' : 'middle'}
            fill="#4b5563"
          >
            {fmt.format(new Date(p.bucket_start))}
          </text>
        ) : null;
      })}
    </svg>
  );
}
