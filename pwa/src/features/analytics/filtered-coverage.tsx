import type { DashboardData } from '@linkhub/shared/analytics/dashboard';
import { dateFormat } from './intl-cache';

/**
 * Where a filtered view reaches past what the plan keeps (D-331), the screen says so instead of
 * showing empty days as if nobody came: which part (the period, or only the comparison) and from
 * which day filtered numbers exist.
 */
export function FilteredCoverage({ data }: { data: DashboardData }) {
  // answers saved offline before this field existed have none
  const since = data.filtered_since ?? null;
  if (since === null) return null;
  const day = dateFormat(data.time_zone, 'date').format(new Date(since));
  const current = new Date(since) > new Date(data.window.from);
  return (
    <p className="an-stale" role="note" data-testid="filtered-coverage">
      {current
        ? `Filtered numbers start on ${day}: your plan keeps filtered detail only that far back, so the days before count no events.`
        : `The comparison period starts before ${day}, where your plan's filtered detail begins: its numbers count only from that day.`}
    </p>
  );
}
