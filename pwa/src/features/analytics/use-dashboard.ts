import { useEffect, useState } from 'react';
import type { DashboardData } from '@linkhub/shared/analytics/dashboard';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';

const CACHE_PREFIX = 'linkhub.dashboard.';
const CACHE_ENTRIES = 24;

type Cached = { at: string; data: DashboardData };

function readCache(query: string): Cached | null {
  try {
    const raw = window.localStorage.getItem(CACHE_PREFIX + query);
    return raw === null ? null : (JSON.parse(raw) as Cached);
  } catch {
    return null;
  }
}

/** Keeps the last answers (the most recent views), so the dashboard opens offline with how old they are. */
function writeCache(query: string, data: DashboardData): void {
  try {
    const store = window.localStorage;
    store.setItem(CACHE_PREFIX + query, JSON.stringify({ at: new Date().toISOString(), data }));
    const keys = Object.keys(store).filter((k) => k.startsWith(CACHE_PREFIX));
    if (keys.length <= CACHE_ENTRIES) return;
    const dated = keys.map((k) => ({ k, at: (readCache(k.slice(CACHE_PREFIX.length)) ?? { at: '' }).at }));
    dated.sort((a, b) => (a.at < b.at ? -1 : 1));
    for (const { k } of dated.slice(0, keys.length - CACHE_ENTRIES)) store.removeItem(k);
  } catch {
    // storage full or refused: the dashboard still works online
  }
}

export type DashboardState = {
  data: DashboardData | null;
  /** When `data` was fetched, when it comes from the offline copy; null when it is fresh. */
  staleSince: string | null;
  error: string;
  loading: boolean;
};

/** The dashboard answer for a query; offline (or on an error) the last copy of the same view, dated. */
export function useDashboard(query: string | null, refresh: number): DashboardState {
  const [state, setState] = useState<DashboardState>(() => {
    const cached = query === null ? null : readCache(query);
    return { data: cached?.data ?? null, staleSince: cached?.at ?? null, error: '', loading: query !== null };
  });
  useEffect(() => {
    if (query === null) return;
    let live = true;
    const cached = readCache(query);
    setState((s) => ({
      data: cached?.data ?? (s.data && refresh > 0 ? s.data : null),
      staleSince: cached?.at ?? s.staleSince,
      error: '',
      loading: true,
    }));
    api<DashboardData>(`/v1/analytics/dashboard?${query}`).then(
      (data) => {
        if (!live) return;
        writeCache(query, data);
        setState({ data, staleSince: null, error: '', loading: false });
      },
      (e: unknown) => {
        if (!live) return;
        const copy = readCache(query);
        setState({
          data: copy?.data ?? null,
          staleSince: copy?.at ?? null,
          error: errorText(e),
          loading: false,
        });
      },
    );
    return () => {
      live = false;
    };
  }, [query, refresh]);
  return state;
}
