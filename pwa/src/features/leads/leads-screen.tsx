import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { displayEmail } from '@linkhub/shared/url/display-url';
import type { Lead, LeadCounts } from '@linkhub/shared/schemas/leads';
import type { PageView } from '@linkhub/shared/sync/views';
import { ApiError } from '../../api/api';
import { navigate } from '../../router/router';
import { useWorkspace } from '../../workspace/workspace-context';
import { eraseLead, fetchLeadCounts, fetchLeads } from './leads-api';
import { LeadExportButton } from './lead-export';
import { ConfirmPassword } from './confirm-password';
import { usePageVersionNumbers } from './page-version-numbers';

const STATUS_LABELS: Record<Lead['status'], string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
};

function problem(error: unknown): string {
  if (error instanceof ApiError && error.status === 0)
    return 'Leads need a connection to the server. Try again when you are online.';
  if (error instanceof ApiError && error.message !== '') return error.message;
  return 'The leads could not be loaded just now.';
}

/**
 * `/pages/leads[/{pageId}]`: the sign-ups of the workspace's bio pages — per-page counts, one page's
 * or every page's leads, search by address, erasure. Read from the server with the session.
 */
export function LeadsScreen({ pages, pageId }: { pages: readonly PageView[]; pageId: string | null }) {
  const { workspace, can } = useWorkspace();
  const ws = workspace.id;
  const [counts, setCounts] = useState<LeadCounts[]>([]);
  const [leads, setLeads] = useState<Lead[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [status, setStatus] = useState('');
  // The server shows addresses only after a recent sign-in: the password is asked here.
  const [needsPassword, setNeedsPassword] = useState(false);
  const versionLabel = usePageVersionNumbers(ws, leads);

  const load = useCallback(
    async (more: string | null) => {
      setLoading(true);
      try {
        const [page, perPage] = await Promise.all([
          fetchLeads(ws, { pageId, q, cursor: more }),
          more === null ? fetchLeadCounts(ws) : Promise.resolve(null),
        ]);
        setLeads((before) => (more === null ? page.leads : [...before, ...page.leads]));
        setCursor(page.nextCursor);
        if (perPage !== null) setCounts(perPage);
        setError(null);
        setNeedsPassword(false);
      } catch (err) {
        if (err instanceof ApiError && err.code === 'reauthentication_required') {
          setNeedsPassword(true);
          setError(null);
          if (more === null) setLeads([]);
          if (more === null) await fetchLeadCounts(ws).then(setCounts, () => undefined);
          return;
        }
        setError(problem(err));
      } finally {
        setLoading(false);
      }
    },
    [ws, pageId, q],
  );
  useEffect(() => {
    void load(null);
  }, [load]);

  const pageName = (id: string) => {
    const p = pages.find((x) => x.id === id);
    return p ? `@${p.handle}` : 'A deleted page';
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(typed);
  };
  const erase = async (lead: Lead) => {
    if (!window.confirm(`Delete ${lead.email} everywhere? This cannot be undone.`)) return;
    try {
      await eraseLead(ws, lead.id);
      setStatus(`${lead.email} was deleted.`);
      await load(null);
    } catch (err) {
      setStatus(problem(err));
    }
  };
  const go = (path: string) => (e: { preventDefault: () => void }) => {
    e.preventDefault();
    navigate(path);
  };

  return (
    <>
      <a className="link" href="/pages" onClick={go('/pages')}>
        ← All pages
      </a>
      <h2>Leads{pageId ? ` of ${pageName(pageId)}` : ''}</h2>
      <section aria-label="Leads per page" className="panel">
        {counts.length === 0 ? (
          <p className="muted">No sign-ups yet.</p>
        ) : (
          <table className="leads-counts">
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Subscribed</th>
                <th scope="col">Waiting</th>
                <th scope="col">Unsubscribed</th>
              </tr>
            </thead>
            <tbody>
              {counts.map((c) => (
                <tr key={c.page_id}>
                  <th scope="row">
                    <a
                      href={`/pages/leads/${c.page_id}`}
                      onClick={go(`/pages/leads/${c.page_id}`)}
                      aria-current={c.page_id === pageId ? 'page' : undefined}
                    >
                      {pageName(c.page_id)}
                    </a>
                  </th>
                  <td>{c.confirmed}</td>
                  <td>{c.pending}</td>
                  <td>{c.unsubscribed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pageId && (
          <a href="/pages/leads" onClick={go('/pages/leads')}>
            Every page’s leads
          </a>
        )}
      </section>
      {can('lead.export') && <LeadExportButton workspaceId={ws} pageId={pageId} />}
      <form className="toolbar" role="search" onSubmit={search}>
        <label htmlFor="leads-q">Search addresses</label>
        <input
          id="leads-q"
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          maxLength={254}
        />
        <button type="submit">Search</button>
      </form>
      <p role="status" className="muted">
        {status}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {needsPassword && <ConfirmPassword onConfirmed={() => void load(null)} />}
      {!error && !needsPassword && !loading && leads.length === 0 && (
        <p className="muted">No leads{q ? ' match this search' : ''}.</p>
      )}
      <ul className="list" aria-label="Leads">
        {leads.map((lead) => (
          <li key={lead.id} data-lead-id={lead.id}>
            <span>
              <strong>{displayEmail(lead.email)}</strong> · {STATUS_LABELS[lead.status]} ·{' '}
              {pageName(lead.page_id)} · {new Date(lead.created_at).toLocaleDateString()}
              {lead.consent_text && (
                <>
                  <br />
                  <small className="muted">
                    Agreed to: “{lead.consent_text}”{versionLabel(lead)}
                  </small>
                </>
              )}
            </span>
            {can('lead.delete') && (
              <button type="button" onClick={() => void erase(lead)} aria-label={`Delete ${lead.email}`}>
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
      {cursor && (
        <button type="button" disabled={loading} onClick={() => void load(cursor)}>
          Load more
        </button>
      )}
      {loading && <p className="loading">Loading…</p>}
    </>
  );
}
