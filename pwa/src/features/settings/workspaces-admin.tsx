import { useEffect, useState, type FormEvent } from 'react';
import { createWorkspaceInputSchema } from '@linkhub/shared/schemas/workspaces';
import { api } from '../../api/api';
import { listWorkspaces } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { errorText, fieldErrors } from '../../ui/error-messages';
import { Field } from '../../ui/field';
import { formRefusal } from '../../ui/form-refusal';
import { NO_OUTCOME, OutcomeLine, type Outcome } from '../../ui/outcome';
import { useWorkspace } from '../../workspace/workspace-context';
import { useApi } from '../../ui/use-api';

type ListedWorkspace = {
  id: string;
  name: string;
  role: string;
  deleted_at: string | null;
  restorable_until: string | null;
};

/**
 * Workspaces of the account: create one (the plan's workspace cap decides), delete this one (owner:
 * its name typed and the password asked again), and restore a deleted one inside its grace period.
 */
export function WorkspacesAdmin() {
  const { workspace, can, switchWorkspace } = useWorkspace();
  const listed = useApi<ListedWorkspace[]>('/api/workspaces');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState('');
  const [created, setCreated] = useState<Outcome>(NO_OUTCOME);
  // A workspace just made opens as soon as the store holds it (the server pokes this editor to pull).
  const [opening, setOpening] = useState<string | null>(null);
  const held = useSubscribe((tx) => listWorkspaces(tx), [], []);
  useEffect(() => {
    if (opening !== null && held.some((w) => w.id === opening)) {
      setOpening(null);
      switchWorkspace(opening);
    }
  }, [opening, held, switchWorkspace]);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const attempt = (work: () => Promise<string>) =>
    void work().then(
      (done) => {
        setMessage(done);
        setError('');
        listed.reload();
      },
      (e: unknown) => {
        setMessage('');
        setError(errorText(e));
      },
    );
  const create = (e: FormEvent) => {
    e.preventDefault();
    const checked = createWorkspaceInputSchema.safeParse({ name });
    if (!checked.success) return setNameError(fieldErrors(checked.error).name ?? errorText(checked.error));
    setNameError('');
    void api<{ id: string; name: string }>('/api/workspaces', { body: checked.data }).then(
      (made) => {
        setName('');
        setCreated({ failed: false, text: `${made.name} was created. Opening it…` });
        setOpening(made.id);
      },
      (refusal: unknown) => {
        const { fields, message } = formRefusal(refusal, ['name']);
        setNameError(fields.name ?? '');
        setCreated({ failed: true, text: message });
      },
    );
  };
  const remove = (e: FormEvent) => {
    e.preventDefault();
    attempt(async () => {
      await api('/api/auth/reauthenticate', { body: { password } });
      await api(`/api/workspaces/${workspace.id}`, { method: 'DELETE', body: { confirmation: typed } });
      setPassword('');
      setTyped('');
      return `${workspace.name} was deleted. You can restore it below until it is purged.`;
    });
  };
  const deleted = (listed.data ?? []).filter((w) => w.deleted_at !== null);
  return (
    <section className="panel" aria-labelledby="workspaces-title">
      <h2 id="workspaces-title">Workspaces</h2>
      <form className="toolbar" onSubmit={create} aria-label="New workspace">
        <Field
          label="New workspace name"
          value={name}
          onChange={setName}
          error={nameError || undefined}
          required
        />
        <button type="submit">Create workspace</button>
      </form>
      <OutcomeLine outcome={created} />
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
                  attempt(
                    async () => (
                      await api(`/api/workspaces/${w.id}/restore`, { method: 'POST', body: {} }),
                      `${w.name} was restored.`
                    ),
                  )
                }
              >
                Restore {w.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {can('workspace.delete') && (
        <form onSubmit={remove} aria-label="Delete this workspace">
          <h3>Delete {workspace.name}</h3>
          <p>
            Its links stop and its pages go offline; printed QR codes keep resolving to their last
            destination. It can be restored for a while.
          </p>
          <Field label={`Type ${workspace.name} to confirm`} value={typed} onChange={setTyped} required />
          <Field
            label="Your password"
            type="password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            required
          />
          <button type="submit" className="danger" disabled={typed !== workspace.name}>
            Delete workspace
          </button>
        </form>
      )}
      {message && <p aria-live="polite">{message}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
