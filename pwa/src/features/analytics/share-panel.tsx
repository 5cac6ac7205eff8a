import { useState } from 'react';
import type { DashboardFilters } from '@linkhub/shared/analytics/dashboard';
import { api } from '../../api/api';
import { copyText } from '../../ui/clipboard';
import { errorText } from '../../ui/error-messages';
import { useApi } from '../../ui/use-api';

type Share = { id: string; name: string; url: string };

/**
 * Read-only links to this view (period, resource or set, filters): anyone with the link sees the
 * aggregate numbers, without signing in, until the link is revoked.
 */
export function SharePanel({
  workspaceId,
  selection,
  defaultName,
}: {
  workspaceId: string;
  selection: {
    period: string;
    resource_id?: string;
    tag?: string;
    domain?: string;
    filters: DashboardFilters;
  };
  defaultName: string;
}) {
  const list = useApi<Share[]>(`/v1/analytics/shares?workspace_id=${workspaceId}`);
  const [name, setName] = useState(defaultName);
  const [made, setMade] = useState<Share | null>(null);
  const [error, setError] = useState('');
  const [copied, setCopied] = useState('');
  const create = async () => {
    setError('');
    try {
      const share = await api<Share>(`/v1/analytics/shares?workspace_id=${workspaceId}`, {
        body: { name: name.trim() || defaultName, selection },
      });
      setMade(share);
      list.reload();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const revoke = async (id: string) => {
    try {
      await api(`/v1/analytics/shares/${id}?workspace_id=${workspaceId}`, { method: 'DELETE' });
      if (made?.id === id) setMade(null);
      list.reload();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const copy = async (url: string) => setCopied((await copyText(url)) ? url : '');
  return (
    <section className="an-card an-share" aria-labelledby="an-h-share">
      <h2 id="an-h-share">Share this view</h2>
      <div className="field">
        <label htmlFor="an-share-name">Name of the shared link</label>
        <input id="an-share-name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
      </div>
      <button type="button" onClick={() => void create()}>
        Create read-only link
      </button>
      {error && <p className="error">{error}</p>}
      {made && (
        <p className="an-share-made">
          <a href={made.url} target="_blank" rel="noreferrer">
            {made.url}
          </a>{' '}
          <button type="button" className="link" onClick={() => void copy(made.url)}>
            {copied === made.url ? 'Copied' : 'Copy'}
          </button>
        </p>
      )}
      {(list.data ?? []).length > 0 && (
        <>
          <h3>Live links</h3>
          <ul className="an-share-list">
            {(list.data ?? []).map((s) => (
              <li key={s.id}>
                <a href={s.url} target="_blank" rel="noreferrer">
                  {s.name}
                </a>{' '}
                <button type="button" className="link" onClick={() => void copy(s.url)}>
                  {copied === s.url ? 'Copied' : 'Copy'}
                </button>{' '}
                <button type="button" className="link danger" onClick={() => void revoke(s.id)}>
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="muted">Shared links show totals and breakdowns only, never single visits.</p>
    </section>
  );
}
