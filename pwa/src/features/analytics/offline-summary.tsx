import type { SummaryView } from '@linkhub/shared/sync/views';
import { compact, count } from './number-format';
import { age } from './age';

/**
 * What the dashboard can say with no connection and no saved copy of this view: the per-resource
 * summaries Replicache keeps on the device (7 and 30 days), summed over what is selected, dated.
 */
export function OfflineSummary({
  summaries,
  resource,
}: {
  summaries: SummaryView[];
  resource: string | null;
}) {
  const chosen = resource === null ? summaries : summaries.filter((s) => s.resource_id === resource);
  if (chosen.length === 0) return <p className="muted">No numbers are saved on this device yet.</p>;
  const newest = chosen.reduce((a, s) => (s.updated_at > a ? s.updated_at : a), '');
  const sum = (f: (s: SummaryView) => number) => chosen.reduce((a, s) => a + f(s), 0);
  return (
    <section className="an-card" aria-labelledby="an-h-offline">
      <h2 id="an-h-offline">Saved on this device</h2>
      <p className="an-stale">Offline: numbers from the last sync, {age(newest)}.</p>
      <ul className="an-tiles">
        <li className="an-tile">
          <span className="an-tile-label">Events, last 7 days</span>
          <strong className="an-tile-value" title={count(sum((s) => s.totals_7d))}>
            {compact(sum((s) => s.totals_7d))}
          </strong>
        </li>
        <li className="an-tile">
          <span className="an-tile-label">Events, last 30 days</span>
          <strong className="an-tile-value" title={count(sum((s) => s.totals_30d))}>
            {compact(sum((s) => s.totals_30d))}
          </strong>
        </li>
      </ul>
    </section>
  );
}
