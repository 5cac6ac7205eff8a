import type { DashboardData } from '@linkhub/shared/analytics/dashboard';
import { change, compact, count } from './number-format';

const TILES = [
  ['clicks', 'Clicks'],
  ['scans', 'QR scans'],
  ['page_views', 'Page views'],
  ['unique_visitors', 'Unique visitors'],
] as const;

/** The headline numbers with their change against the previous period of the same length. */
export function HeadlineTiles({ data, leads }: { data: DashboardData; leads: number | null }) {
  return (
    <ul className="an-tiles" aria-label="Headline numbers">
      {TILES.map(([key, label]) => {
        const value = data.totals[key];
        const c = data.change[key];
        const trend = c === null || c === 0 ? 'flat' : c > 0 ? 'up' : 'down';
        return (
          <li key={key} className="an-tile" data-metric={key}>
            <span className="an-tile-label">{label}</span>
            <strong className="an-tile-value" title={count(value)}>
              {compact(value)}
            </strong>
            <span className={`an-change an-${trend}`}>
              {change(c, value)} <span className="muted">vs {count(data.previous[key])} before</span>
            </span>
          </li>
        );
      })}
      {leads !== null && (
        <li className="an-tile" data-metric="leads">
          <span className="an-tile-label">Lead sign-ups</span>
          <strong className="an-tile-value">{compact(leads)}</strong>
        </li>
      )}
    </ul>
  );
}
