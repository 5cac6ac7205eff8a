import { useSyncExternalStore } from 'react';
import {
  DASHBOARD_DIMENSIONS,
  type DashboardDimension,
  type DashboardFilters,
} from '@linkhub/shared/analytics/dashboard';
import { uuidSchema } from '@linkhub/shared/schemas/common';

/** The periods the editor offers (custom ranges go through the API). */
export const PERIODS = [
  ['24h', 'Last 24 hours'],
  ['today', 'Today'],
  ['7d', 'Last 7 days'],
  ['30d', 'Last 30 days'],
  ['90d', 'Last 90 days'],
] as const;
export type EditorPeriod = (typeof PERIODS)[number][0];
const isPeriod = (v: string | null): v is EditorPeriod => PERIODS.some(([p]) => p === v);

/**
 * What the dashboard shows, kept in the URL so a view can be bookmarked, shared with a colleague
 * and reloaded: `/analytics/<resource id>?period=7d&tag=spring&country=FR&referrer_host=google.com`.
 */
export type DashboardView = {
  period: EditorPeriod;
  /** The path's resource id as written: a link, QR code or page of the workspace, or an address naming none. */
  resource: string | null;
  tag: string | null;
  domain: string | null;
  filters: DashboardFilters;
};

export function parseView(search: string, rest: readonly string[]): DashboardView {
  const q = new URLSearchParams(search);
  const filters: DashboardFilters = {};
  for (const d of DASHBOARD_DIMENSIONS) {
    const v = q.get(d);
    if (v !== null) filters[d] = v;
  }
  const period = q.get('period');
  return {
    period: isPeriod(period) ? period : '30d',
    resource: rest.length === 0 ? null : rest.join('/'),
    tag: q.get('tag'),
    domain: q.get('domain'),
    filters,
  };
}

/** The query string of a view (period first, then the set, then filters in dashboard order). */
export function viewSearch(v: DashboardView): string {
  const q = new URLSearchParams();
  if (v.period !== '30d') q.set('period', v.period);
  if (v.tag !== null) q.set('tag', v.tag);
  if (v.domain !== null) q.set('domain', v.domain);
  for (const d of DASHBOARD_DIMENSIONS) {
    const value = v.filters[d];
    if (value !== undefined) q.set(d, value);
  }
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}

export const viewPath = (v: DashboardView): string =>
  `/analytics${v.resource === null ? '' : `/${v.resource}`}${viewSearch(v)}`;

/**
 * The API query of a view (the period always named, so the answer is cacheable per URL); null when its
 * path names no resource id at all (a truncated or mistyped link), which must not show the whole workspace.
 */
export function apiQuery(workspaceId: string, v: DashboardView): string | null {
  if (v.resource !== null && !uuidSchema.safeParse(v.resource).success) return null;
  const q = new URLSearchParams({ workspace_id: workspaceId, period: v.period });
  if (v.resource !== null) q.set('resource_id', v.resource);
  if (v.tag !== null) q.set('tag', v.tag);
  if (v.domain !== null) q.set('domain', v.domain);
  for (const d of DASHBOARD_DIMENSIONS) {
    const value = v.filters[d];
    if (value !== undefined) q.set(d, value);
  }
  return q.toString();
}

export const withFilter = (v: DashboardView, d: DashboardDimension, value: string | null): DashboardView => ({
  ...v,
  filters: { ...v.filters, [d]: value ?? '' },
});

export function withoutFilter(v: DashboardView, d: DashboardDimension): DashboardView {
  const filters: DashboardFilters = {};
  for (const [key, value] of Object.entries(v.filters))
    if (key !== d) Object.assign(filters, { [key]: value });
  return { ...v, filters };
}

const subscribe = (notify: () => void) => {
  window.addEventListener('popstate', notify);
  return () => window.removeEventListener('popstate', notify);
};

/** The query string, re-read on every history change (the app router watches the path only). */
export function useSearch(): string {
  return useSyncExternalStore(subscribe, () => window.location.search);
}

/** Pushes a view as a new history entry: Back undoes the last filter. */
export function goToView(v: DashboardView): void {
  const next = viewPath(v);
  if (next === `${window.location.pathname}${window.location.search}`) return;
  window.history.pushState(null, '', next);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
