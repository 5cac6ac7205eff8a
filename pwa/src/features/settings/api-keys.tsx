import { useState, type FormEvent } from 'react';
import { API_KEY_SCOPES } from '@linkhub/shared/permissions/scopes';
import { api } from '../../api/api';
import { createApiKeySchema } from '@linkhub/shared/schemas/api-keys';
import { errorText, fieldErrors } from '../../ui/error-messages';
import { formRefusal } from '../../ui/form-refusal';
import { Field } from '../../ui/field';
import { useWorkspace } from '../../workspace/workspace-context';
import { useApi } from '../../ui/use-api';
import { copyText } from '../../ui/clipboard';

type ApiKey = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  last_used_at: string | null;
  revoked_at: string | null;
};

const KEY_FIELDS = ['name', 'scopes'] as const;

/** API keys of the workspace: the secret is shown once, at creation. */
export function ApiKeys() {
  const { workspace, can } = useWorkspace();
  const ws = workspace.id;
  const keys = useApi<ApiKey[]>(can('api_key.list') ? `/api/workspaces/${ws}/api-keys` : null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['links:read']);
  const [secret, setSecret] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [revokeError, setRevokeError] = useState('');
  if (!can('api_key.list')) return null;
  const create = async (e: FormEvent) => {
    e.preventDefault();
    // The server's own schema: a blank or overlong name is named beside its field, not above the list.
    const checked = createApiKeySchema.safeParse({ name, scopes });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      setMessage('');
      return;
    }
    setErrors({});
    try {
      const made = await api<{ key: string }>(`/api/workspaces/${ws}/api-keys`, { body: checked.data });
      setSecret(made.key);
      setName('');
      setMessage('');
      keys.reload();
    } catch (err) {
      const refusal = formRefusal(err, KEY_FIELDS);
      setErrors(refusal.fields);
      setMessage(refusal.message);
    }
  };
  return (
    <section className="panel" aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      {secret && (
        <div className="banner" role="alert">
          <span>
            Copy this key now, it is not shown again: <code>{secret}</code>
          </span>
          <button type="button" onClick={() => void copyText(secret)}>
            Copy key
          </button>
        </div>
      )}
      {revokeError && <p className="error">{revokeError}</p>}
      {keys.error && <p className="error">{keys.error}</p>}
      <ul className="list">
        {(keys.data ?? []).map((k) => (
          <li key={k.id}>
            <span>
              <strong>{k.name}</strong> <code>{k.prefix}…</code> {k.scopes.join(', ')}
            </span>
            <span className="muted">
              {k.revoked_at
                ? 'revoked'
                : k.last_used_at
                  ? `used ${k.last_used_at.slice(0, 10)}`
                  : 'never used'}
            </span>
            {!k.revoked_at && can('api_key.revoke') && (
              <button
                type="button"
                className="danger"
                onClick={() =>
                  void api(`/api/workspaces/${ws}/api-keys/${k.id}`, { method: 'DELETE' }).then(
                    keys.reload,
                    (e: unknown) => setRevokeError(errorText(e)),
                  )
                }
              >
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
      {can('api_key.create') && (
        <form className="panel" onSubmit={(e) => void create(e)} aria-label="New API key">
          <Field label="Key name" value={name} onChange={setName} error={errors.name} required />
          <fieldset>
            <legend>Scopes</legend>
            <div className="row">
              {API_KEY_SCOPES.map((s) => (
                <label key={s}>
                  <input
                    type="checkbox"
                    checked={scopes.includes(s)}
                    onChange={(e) =>
                      setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))
                    }
                  />{' '}
                  {s}
                </label>
              ))}
            </div>
            {errors.scopes && <p className="error">Choose at least one scope.</p>}
          </fieldset>
          {message && (
            <p className="error" role="alert">
              {message}
            </p>
          )}
          <button type="submit" className="primary">
            Create key
          </button>
        </form>
      )}
    </section>
  );
}
