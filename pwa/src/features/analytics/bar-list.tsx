import {
  DASHBOARD_DIMENSION_LABELS,
  EVENT_TYPE_LABELS,
  type DashboardDimension,
  type DashboardRow,
} from '@linkhub/shared/analytics/dashboard';
import { count, share } from './number-format';

export function valueLabel(dim: DashboardDimension, value: string | null): string {
  if (value === null || value === '') return dim === 'referrer_host' ? 'Direct / none' : 'Unknown';
  if (dim === 'event_type') return EVENT_TYPE_LABELS[value] ?? value;
  if (dim === 'country') return countryName(value);
  if (dim === 'language') return languageName(value);
  return value;
}

let languageNames: Intl.DisplayNames | null = null;
export function languageName(code: string): string {
  try {
    languageNames ??= new Intl.DisplayNames([navigator.language || 'en'], { type: 'language' });
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

let regionNames: Intl.DisplayNames | null = null;
export function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames([navigator.language || 'en'], { type: 'region' });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
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
}: {
  dim: DashboardDimension;
  rows: DashboardRow[];
  total: number;
  active: string | undefined;
  onPick: (dim: DashboardDimension, value: string | null) => void;
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
            const name = valueLabel(dim, r.value);
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
