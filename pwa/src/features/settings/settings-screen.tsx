import { useRef, useState, type FormEvent } from 'react';
import { displayEmail } from '@linkhub/shared/url/display-url';
import { api } from '../../api/api';
import { errorText, fieldErrors } from '../../ui/error-messages';
import { updateWorkspaceSettingsArgs } from '@linkhub/shared/mutators/workspace';
import { Field } from '../../ui/field';
import { useWorkspace } from '../../workspace/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { ApiKeys } from './api-keys';
import { AuditLog } from './audit-log';
import { ChangePassword } from './change-password';
import { DeleteAccount } from './delete-account';
import { Sessions } from './sessions';
import { TwoFactor } from './two-factor';
import { TwoFactorPolicy } from './two-factor-policy';
import { WorkspacesAdmin } from './workspaces-admin';
import { canonicalZone, TimeZoneField } from './time-zone-field';
import { WebhooksScreen } from '../webhooks/webhooks-screen';
import { navigate } from '../../router/router';
import { PageIndex } from '../../ui/page-index';
import { EndedLinksDefault } from './ended-links';
import './settings.css';

/** Workspace name and time zone (synced), plan, API keys, webhooks, audit log; the account's two-factor and sessions. */
export default function SettingsScreen({ rest }: { rest: string[] }) {
  if (rest[0] === 'webhooks') return <WebhooksScreen rest={rest.slice(1)} />;
  return <WorkspaceSettings />;
}

function WorkspaceSettings() {
  const rep = useRep();
  const { workspace, can, user } = useWorkspace();
  const [name, setName] = useState(workspace.name);
  const [timeZone, setTimeZone] = useState(workspace.time_zone);
  const [started, setStarted] = useState({ name: workspace.name, time_zone: workspace.time_zone });
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const editable = can('workspace.update_settings');
  const sections = useRef<HTMLDivElement>(null);
  const save = (e: FormEvent) => {
    e.preventDefault();
    const zone = canonicalZone(timeZone);
    setTimeZone(zone);
    // The mutator's own schema, so each problem is named beside its field before anything is queued.
    // Only what changed, each with the value the form started from (D-500).
    const edited = {
      ...(name !== started.name ? { name } : {}),
      ...(zone !== started.time_zone ? { time_zone: zone } : {}),
    };
    const base = {
      ...('name' in edited ? { name: started.name } : {}),
      ...('time_zone' in edited ? { time_zone: started.time_zone } : {}),
    };
    const checked = updateWorkspaceSettingsArgs.safeParse({ workspace_id: workspace.id, ...edited, base });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      setMessage('');
      return;
    }
    setErrors({});
    setStarted({ name, time_zone: zone });
    void rep.mutate.updateWorkspaceSettings(checked.data).then(
      () => setMessage('Saved on this device; it syncs when online.'),
      (err: unknown) => setMessage(errorText(err)),
    );
  };
  return (
    <div className="settings-sections" ref={sections}>
      <PageIndex container={sections} />
      <form className="panel" onSubmit={save} aria-label="Workspace settings">
        <h2 id="workspace-title">Workspace</h2>
        <Field
          label="Workspace name"
          value={name}
          onChange={setName}
          readOnly={!editable}
          error={errors.name}
          required
        />
        <TimeZoneField
          value={timeZone}
          onChange={setTimeZone}
          readOnly={!editable}
          error={errors.time_zone}
        />
        {editable && (
          <button type="submit" className="primary">
            Save settings
          </button>
        )}
        {message && <p aria-live="polite">{message}</p>}
      </form>
      <EndedLinksDefault />
      {can('billing.view_plan') && (
        <section className="panel" aria-labelledby="plan-title">
          <h2 id="plan-title">Plan</h2>
          <p>
            This workspace is on the <strong>{workspace.plan}</strong> plan ({workspace.billing_status}).
          </p>
        </section>
      )}
      <ApiKeys />
      {can('webhook.view_deliveries') && (
        <section className="panel" aria-labelledby="webhooks-title">
          <h2 id="webhooks-title">Webhooks</h2>
          <p>Send signed events to your own server, or new sign-ups to Mailchimp or ConvertKit.</p>
          <a
            href="/settings/webhooks"
            onClick={(e) => {
              e.preventDefault();
              navigate('/settings/webhooks');
            }}
          >
            Manage webhooks
          </a>
        </section>
      )}
      <WorkspacesAdmin />
      <section className="panel" aria-labelledby="account-title">
        <h2 id="account-title">Your account</h2>
        <p>
          Signed in as {user.name} ({displayEmail(user.email)}).
        </p>
      </section>
      <ChangePassword />
      <TwoFactor />
      <TwoFactorPolicy />
      <Sessions
        onSignOutAll={() =>
          void api('/api/auth/logout-all', { method: 'POST' }).then(
            () => setMessage('Signed out on every device.'),
            (e: unknown) => setMessage(errorText(e)),
          )
        }
      />
      <AuditLog />
      <DeleteAccount onDeleted={() => window.location.assign('/')} />
    </div>
  );
}
