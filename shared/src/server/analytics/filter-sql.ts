import { COUNTERS, CUBE_COLUMN_SQL, CUBE_DIMENSIONS, EVENT_TYPE_OF, type Counter } from './cube';
import type { DashboardFilters } from '../../analytics/dashboard';

export type FilterSql = {
  /** Conditions on cube rows (its dimension columns; with an event type, rows holding some of it). */
  cube: string[];
  /** The same conditions on `click_events` rows. */
  raw: string[];
  /** The picked event type's parameter (`$9::text`), or null. */
  eventType: string | null;
  /** A cube counter as the view counts it: zero for the types an event type filter leaves out. */
  counter: (c: Counter) => string;
};

/**
 * A filtered view's conditions on the cube and on raw events, each value a parameter `bind` names
 * (it pushes the value and returns its placeholder): the cube's dimension columns hold the rollups'
 * expressions of the raw columns ('' unknown), and the event type is a counter on the cube.
 */
export function filterSql(filters: DashboardFilters, bind: (value: string) => string): FilterSql {
  const cube: string[] = [];
  const raw: string[] = [];
  for (const dim of CUBE_DIMENSIONS) {
    const value = filters[dim];
    if (value === undefined) continue;
    const p = bind(value);
    cube.push(`${dim} = ${p}`);
    raw.push(`${CUBE_COLUMN_SQL[dim]} = ${p}`);
  }
  const picked = filters.event_type === undefined ? null : bind(filters.event_type);
  if (picked !== null) raw.push(`event_type = ${picked}`);
  const counter = (c: Counter) => (picked === null ? c : `${c} * (${picked} = '${EVENT_TYPE_OF[c]}')::int`);
  if (picked !== null) cube.push(`(${COUNTERS.map(counter).join(' + ')}) > 0`);
  return { cube, raw, eventType: picked, counter };
}

export const andAll = (conditions: string[]): string => conditions.map((c) => ` AND ${c}`).join('');
