import { VISITOR_COUNTING_NOTES, type DashboardData } from '@linkhub/shared/analytics/dashboard';
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
        // an answer cached before D-380 has no counting: its null visitors were "not counted"
        const counting =
          key === 'unique_visitors'
            ? (data.unique_visitors_counting as DashboardData['unique_visitors_counting'] | undefined)
            : undefined;
        if (value === null)
          return (
            <li key={key} className="an-tile" data-metric={key}>
              <span className="an-tile-label">{label}</span>
              <strong className="an-tile-value">—</strong>
              <span className="an-change muted" title={VISITOR_COUNTING_NOTES.not_counted}>
                Not counted with these filters
              </span>
            </li>
          );
        const approximate = counting?.current === 'approximate';
        const c = data.change[key];
        const before = data.previous[key];
        const trend = c === null || c === 0 ? 'flat' : c > 0 ? 'up' : 'down';
        const beforeText =
          before === null
            ? 'not counted before'
            : `vs ${counting?.previous === 'approximate' ? '≈ ' : ''}${count(before)} before`;
        return (
          <li key={key} className="an-tile" data-metric={key} data-counting={counting?.current}>
            <span className="an-tile-label">{label}</span>
            <strong
              className="an-tile-value"
              title={approximate ? `≈ ${count(value)}. ${VISITOR_COUNTING_NOTES.approximate}` : count(value)}
            >
              {approximate ? `≈ ${compact(value)}` : compact(value)}
            </strong>
            <span className={`an-change an-${before === null ? 'flat' : trend}`}>
              {before === null ? '' : `${change(c, value)} `}
              <span className="muted">{beforeText}</span>
            </span>
            {approximate && <span className="an-tile-note muted">Approximate (±2 %)</span>}
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
