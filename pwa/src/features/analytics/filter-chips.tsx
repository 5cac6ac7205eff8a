import {
  DASHBOARD_DIMENSION_LABELS,
  DASHBOARD_DIMENSIONS,
  type DashboardDimension,
  type DashboardFilters,
  type DashboardValueNames,
} from '@linkhub/shared/analytics/dashboard';
import { valueLabel } from './bar-list';

/** The active filters as removable chips (each a button; Backspace-free, reachable with Tab). */
export function FilterChips({
  filters,
  onRemove,
  onClear,
  names,
}: {
  filters: DashboardFilters;
  /** What id values read as (the last answer's `value_names`). */
  names: DashboardValueNames | undefined;
  onRemove: (dim: DashboardDimension) => void;
  onClear: () => void;
}) {
  const active = DASHBOARD_DIMENSIONS.filter((d) => filters[d] !== undefined);
  if (active.length === 0) return null;
  return (
    <div className="an-chips" role="group" aria-label="Active filters">
      {active.map((d) => {
        const label = DASHBOARD_DIMENSION_LABELS[d];
        const value = valueLabel(d, filters[d] ?? '', names?.[d]);
        const text = `${label}: ${value}`;
        return (
          <span key={d} className="an-chip" data-filter={d}>
            {/* a value from a shared URL may be long or carry bidi controls: one line, isolated */}
            <span className="an-chip-text" title={text}>
              {label}: <bdi>{value}</bdi>
            </span>
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
