import { useState, type FormEvent } from 'react';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { Field } from '../../ui/field';
import { rememberWorkspace } from '../../session/session';
import { useApi } from '../../ui/use-api';

type Listed = { id: string; name: string; deleted_at: string | null; restorable_until: string | null };

/**
 * Shown while the local store has no workspace. Until the server confirms that the account has
 * no live workspace (an empty store before the first pull looks the same) it says "Loading"; then
 * it offers to create one or restore a deleted one.
 */
export function NoWorkspace({ onSignOut }: { onSignOut: () => void }) {
  const listed = useApi<Listed[]>('/api/workspaces');
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const live = (listed.data ?? []).filter((w) => w.deleted_at === null);
  if (!listed.data || live.length > 0) return <p className="loading">Loading your workspace…</p>;
  const open = (id: string) => {
    rememberWorkspace(id);
    // A reload pulls at once, so the new or restored workspace is in the store when the editor opens.
    window.location.reload();
  };
  const create = (e: FormEvent) => {
    e.preventDefault();
    void api<{ id: string }>('/api/workspaces', { body: { name } }).then(
      (made) => open(made.id),
      (err: unknown) => setError(errorText(err)),
    );
  };
  const deleted = listed.data.filter((w) => w.deleted_at !== null);
  return (
    <main className="auth">
      <h1>No workspace</h1>
      <p>You are not a member of any workspace right now.</p>
      {deleted.length > 0 && (
        <ul className="list" aria-label="Deleted workspaces">
          {deleted.map((w) => (
            <li key={w.id}>
              <span>
                <strong>{w.name}</strong>{' '}
                <small className="muted">restorable until {(w.restorable_until ?? '').slice(0, 10)}</small>
              </span>
              <button
                type="button"
                onClick={() =>
                  void api(`/api/workspaces/${w.id}/restore`, { method: 'POST', body: {} }).then(
                    () => open(w.id),
                    (err: unknown) => setError(errorText(err)),
                  )
                }
              >
                Restore {w.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={create} aria-label="New workspace">
        <Field label="New workspace name" value={name} onChange={setName} required />
        <button type="submit" className="primary">
          Create workspace
        </button>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" onClick={onSignOut}>
        Sign out
      </button>
    </main>
  );
}
