import {
  DASHBOARD_DIMENSION_LABELS,
  DASHBOARD_DIMENSIONS,
  type DashboardDimension,
  type DashboardFilters,
} from '@linkhub/shared/analytics/dashboard';
import { valueLabel } from './bar-list';

/** The active filters as removable chips (each a button; Backspace-free, reachable with Tab). */
export function FilterChips({
  filters,
  onRemove,
  onClear,
}: {
  filters: DashboardFilters;
  onRemove: (dim: DashboardDimension) => void;
  onClear: () => void;
}) {
  const active = DASHBOARD_DIMENSIONS.filter((d) => filters[d] !== undefined);
  if (active.length === 0) return null;
  return (
    <div className="an-chips" role="group" aria-label="Active filters">
      {active.map((d) => {
        const text = `${DASHBOARD_DIMENSION_LABELS[d]}: ${valueLabel(d, filters[d] ?? '')}`;
        return (
          <span key={d} className="an-chip" data-filter={d}>
            {text}
            <button type="button" aria-label={`Remove filter ${text}`} onClick={() => onRemove(d)}>
              ×
            </button>
          </span>
        );
      })}
      {active.length > 1 && (
        <button type="button" className="link" onClick={onClear}>
          Clear all
        </button>
      )}
    </div>
  );
}
