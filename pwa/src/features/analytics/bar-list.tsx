import {
  DASHBOARD_DIMENSION_LABELS,
  type DashboardDimension,
  type DashboardRow,
} from '@linkhub/shared/analytics/dashboard';
import {
  countryName as sharedCountryName,
  valueLabel as sharedValueLabel,
} from '@linkhub/shared/analytics/value-label';
import { count, share } from './number-format';

const readerLocale = () => navigator.language || 'en';

export function valueLabel(
  dim: DashboardDimension,
  value: string | null,
  names?: Readonly<Record<string, string>>,
): string {
  return sharedValueLabel(dim, value, readerLocale(), names);
}

export function countryName(code: string): string {
  return sharedCountryName(code, readerLocale());
}

/**
 * A breakdown as a list of proportional bars; every row is a button that filters the whole
 * dashboard by its value (the active filter's own list shows it pressed).
 */
export function BarList({
  dim,
  rows,
  total,
  active,
  onPick,
  names,
}: {
  dim: DashboardDimension;
  rows: DashboardRow[];
  total: number;
  active: string | undefined;
  onPick: (dim: DashboardDimension, value: string | null) => void;
  /** What id values read as (the answer's `value_names` of this dimension). */
  names?: Readonly<Record<string, string>> | undefined;
}) {
  const label = DASHBOARD_DIMENSION_LABELS[dim];
  const top = Math.max(1, ...rows.map((r) => r.events));
  return (
    <section className="an-card" aria-labelledby={`an-h-${dim}`} data-dimension={dim}>
      <h2 id={`an-h-${dim}`}>{label}</h2>
      {rows.length === 0 ? (
        <p className="muted">No data for this period.</p>
      ) : (
        <ol className="an-bars">
          {rows.map((r) => {
            const name = valueLabel(dim, r.value, names);
            const pressed = active !== undefined && active === (r.value ?? '');
            return (
              <li key={r.value ?? ''}>
                <button
                  type="button"
                  className="an-bar"
                  aria-pressed={pressed}
                  onClick={() => onPick(dim, r.value)}
                >
                  <span className="sr-only">Filter by {label}: </span>
                  <span className="an-fill" style={{ width: `${(100 * r.events) / top}%` }} />
                  <span className="an-name">{name}</span>
                  <span className="an-num">{count(r.events)}</span>
                  <span className="an-pct muted">{total === 0 ? '' : share(r.events / total)}</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
