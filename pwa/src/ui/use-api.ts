import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/api';
import { errorText } from './error-messages';

/** GET a sync-server route; `reload` re-fetches (after a change). Offline shows the error sentence. */
export function useApi<T>(path: string | null): {
  data: T | null;
  error: string;
  loading: boolean;
  reload: () => void;
} {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!path) return;
    let live = true;
    setLoading(true);
    api<T>(path).then(
      (d) => {
        if (!live) return;
        setData(d);
        setError('');
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(errorText(e));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [path, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading, reload };
}
