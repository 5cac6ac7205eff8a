import type { DashboardData } from '@linkhub/shared/analytics/dashboard';
import { change, compact, count } from './number-format';

const TILES = [
  ['clicks', 'Clicks'],
  ['scans', 'QR scans'],
  ['page_views', 'Page views'],
  ['unique_visitors', 'Unique visitors'],
] as const;

/** The headline numbers with their change against the previous period of the same length. */
export function HeadlineTiles({ data }: { data: DashboardData }) {
  const leads = data.leads;
  return (
    <ul className="an-tiles" aria-label="Headline numbers">
      {TILES.map(([key, label]) => {
        const value = data.totals[key];
        if (value === null)
          return (
            <li key={key} className="an-tile" data-metric={key}>
              <span className="an-tile-label">{label}</span>
              <strong className="an-tile-value">—</strong>
              <span className="an-change muted">Not counted with filters</span>
            </li>
          );
        const c = data.change[key];
        const before = data.previous[key];
        const trend = c === null || c === 0 ? 'flat' : c > 0 ? 'up' : 'down';
        return (
          <li key={key} className="an-tile" data-metric={key}>
            <span className="an-tile-label">{label}</span>
            <strong className="an-tile-value" title={count(value)}>
              {compact(value)}
            </strong>
            <span className={`an-change an-${trend}`}>
              {change(c, value)}{' '}
              <span className="muted">vs {before === null ? '—' : count(before)} before</span>
            </span>
          </li>
        );
      })}
      {leads && (
        <li className="an-tile" data-metric="leads">
          <span className="an-tile-label">Lead sign-ups</span>
          <strong className="an-tile-value" title={count(leads.current)}>
            {compact(leads.current)}
          </strong>
          <span className="an-change muted">
            {change(
              leads.previous === 0 ? null : (leads.current - leads.previous) / leads.previous,
              leads.current,
            )}{' '}
            vs {count(leads.previous)} before
          </span>
        </li>
      )}
    </ul>
  );
}
