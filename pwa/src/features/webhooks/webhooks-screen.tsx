import { useCallback, useEffect, useState } from 'react';
import type { WebhookEndpoint } from '@linkhub/shared/webhooks/schemas';
import { displayUrl } from '@linkhub/shared/url/display-url';
import { listPages } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { navigate } from '../../router/router';
import { errorText } from '../../ui/error-messages';
import { useWorkspace } from '../../workspace/workspace-context';
import { Deliveries } from './deliveries';
import { EndpointForm } from './endpoint-form';
import { EspForm } from './esp-form';
import { EVENT_LABELS } from './event-labels';
import { SecretReveal } from './secret-reveal';
import { deleteEndpoint, listEndpoints, rotateSecret, sendTest, updateEndpoint } from './webhooks-api';

const KIND_LABELS: Record<WebhookEndpoint['kind'], string> = {
  webhook: 'Webhook',
  mailchimp: 'Mailchimp',
  convertkit: 'ConvertKit',
};

/**
 * `/settings/webhooks[/{endpointId}]`: the workspace's webhook endpoints and ESP
 * adapters — add one (its secret shown once), send a test event, rotate the secret (the old one
 * keeps signing for a day), turn off/on, remove — and one endpoint's delivery log.
 */
export function WebhooksScreen({ rest }: { rest: readonly string[] }) {
  const { workspace, can } = useWorkspace();
  const ws = workspace.id;
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[]>([]);
  const [reveal, setReveal] = useState<{ secret: string; note: string } | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const pages = useSubscribe((tx) => listPages(tx, ws), [], [ws]);

  const load = useCallback(async () => {
    try {
      setEndpoints(await listEndpoints(ws));
      setError('');
    } catch (err) {
      setError(errorText(err));
    }
  }, [ws]);
  useEffect(() => {
    void load();
  }, [load]);

  const open = rest[0];
  if (!can('webhook.view_deliveries'))
    return <p className="muted">Webhooks are managed by the workspace’s owners and admins.</p>;
  if (open) return <Deliveries workspaceId={ws} endpointId={open} />;

  const act = async (what: () => Promise<void>, done: string) => {
    try {
      await what();
      setStatus(done);
      await load();
    } catch (err) {
      setStatus(errorText(err));
    }
  };
  const go = (path: string) => (e: { preventDefault: () => void }) => {
    e.preventDefault();
    navigate(path);
  };

  return (
    <>
      <a className="link" href="/settings" onClick={go('/settings')}>
        ← Settings
      </a>
      <h2>Webhooks</h2>
      <p className="muted">
        LinkHub sends a signed POST to each endpoint when the events it listens to happen. See the API
        reference’s webhooks section for the payloads and how to check the <code>LinkHub-Signature</code>{' '}
        header.
      </p>
      {reveal && <SecretReveal secret={reveal.secret} note={reveal.note} onDone={() => setReveal(null)} />}
      <p role="status" className="muted">
        {status}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {!error && endpoints.length === 0 && <p className="muted">No endpoints yet.</p>}
      <ul className="list" aria-label="Webhook endpoints">
        {endpoints.map((e) => (
          <li key={e.id} data-endpoint-id={e.id}>
            <span style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              <strong>{displayUrl(e.url)}</strong> · {KIND_LABELS[e.kind]}
              {e.status === 'disabled' && (
                <>
                  {' '}
                  ·{' '}
                  <span className="badge paused">
                    Off{e.disabled_reason === 'failing' ? ': kept failing' : ''}
                  </span>
                </>
              )}
              {e.description && (
                <>
                  <br />
                  {e.description}
                </>
              )}
              <br />
              <small className="muted">
                {e.events.map((ev) => EVENT_LABELS[ev]).join(', ')}
                {e.secret_last4 ? ` · ${e.kind === 'webhook' ? 'secret' : 'API key'} …${e.secret_last4}` : ''}
                {e.previous_secret_expires_at
                  ? ` · old secret valid until ${new Date(e.previous_secret_expires_at).toLocaleString()}`
                  : ''}
              </small>
            </span>
            <span className="row">
              <a href={`/settings/webhooks/${e.id}`} onClick={go(`/settings/webhooks/${e.id}`)}>
                Deliveries
              </a>
              {e.kind === 'webhook' && e.status === 'active' && can('webhook.update') && (
                <button
                  type="button"
                  onClick={() => void act(() => sendTest(ws, e.id), 'Test event queued.')}
                >
                  Send test event
                </button>
              )}
              {e.kind === 'webhook' && can('webhook.update') && (
                <button
                  type="button"
                  onClick={() =>
                    void act(async () => {
                      const rotated = await rotateSecret(ws, e.id, 24);
                      setReveal({
                        secret: rotated.secret,
                        note: 'The new signing secret. The old one keeps signing for 24 hours.',
                      });
                    }, 'Secret rotated.')
                  }
                >
                  Rotate secret
                </button>
              )}
              {can('webhook.update') && (
                <button
                  type="button"
                  onClick={() =>
                    void act(
                      async () => {
                        await updateEndpoint(ws, e.id, { enabled: e.status !== 'active' });
                      },
                      e.status === 'active' ? 'Turned off.' : 'Turned on.',
                    )
                  }
                >
                  {e.status === 'active' ? 'Turn off' : 'Turn on'}
                </button>
              )}
              {can('webhook.delete') && (
                <button
                  type="button"
                  className="danger"
                  aria-label={`Remove ${displayUrl(e.url)}`}
                  onClick={() => {
                    if (window.confirm(`Stop sending to ${displayUrl(e.url)}?`))
                      void act(() => deleteEndpoint(ws, e.id), 'Removed.');
                  }}
                >
                  Remove
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {can('webhook.create') && (
        <EndpointForm
          workspaceId={ws}
          canSyncLeads={can('lead.manage_sync')}
          onCreated={(created) => {
            if (created.secret)
              setReveal({
                secret: created.secret,
                note: `The signing secret of ${displayUrl(created.url)}.`,
              });
            void load();
          }}
        />
      )}
      {can('lead.manage_sync') && <EspForm workspaceId={ws} pages={pages} onCreated={() => void load()} />}
    </>
  );
}
