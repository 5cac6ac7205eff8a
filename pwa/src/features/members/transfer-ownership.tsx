import { useState, type FormEvent } from 'react';
import type { MemberView } from '@linkhub/shared/sync/views';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { Field } from '../../ui/field';
import { useWorkspace } from '../../workspace/workspace-context';

/** The owner hands the workspace to another member (docs/product-rules.md#permissions); the password is asked again first (step-up). */
export function TransferOwnership({
  members,
  onDone,
}: {
  members: MemberView[];
  onDone: (message: string) => void;
}) {
  const { workspace, user } = useWorkspace();
  const others = members.filter((m) => m.user_id !== user.id);
  const [to, setTo] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  if (others.length === 0) return null;
  const target = others.find((m) => m.id === to);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    void (async () => {
      try {
        await api('/api/auth/reauthenticate', { body: { password } });
        await api(`/api/workspaces/${workspace.id}/transfer-ownership`, { body: { member_id: target.id } });
        setPassword('');
        setError('');
        onDone(`${target.name || target.email} now owns ${workspace.name}; you are an admin.`);
      } catch (err) {
        setError(errorText(err));
      }
    })();
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="transfer-title">
      <h2 id="transfer-title">Transfer ownership</h2>
      <p>The new owner takes over billing and this workspace; you stay on as an admin.</p>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="transfer-to">New owner</label>
          <select id="transfer-to" value={to} onChange={(e) => setTo(e.target.value)} required>
            <option value="">Choose a member</option>
            {others.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name || m.email} ({m.role})
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Your password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          required
        />
        <button type="submit" className="danger">
          Transfer ownership
        </button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
