import { displayUrl } from '@linkhub/shared/url/display-url';
import { useCallback, useEffect, useState } from 'react';
import type { DeliveryStatus, WebhookDelivery, WebhookEndpoint } from '@linkhub/shared/webhooks/schemas';
import { navigate } from '../../router/router';
import { errorText } from '../../ui/error-messages';
import { deliveryFailureLabel, EVENT_LABELS } from './event-labels';
import { listDeliveries, listEndpoints, replayDelivery, sendTest } from './webhooks-api';

const STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed, retrying',
  dead: 'Gave up',
};

function outcome(d: WebhookDelivery): string {
  const parts = [`${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}`];
  if (d.last_status_code !== null) parts.push(`HTTP ${d.last_status_code}`);
  else if (d.last_error) parts.push(deliveryFailureLabel(d.last_error));
  if (d.latency_ms !== null) parts.push(`${d.latency_ms} ms`);
  if (d.replays > 0) parts.push(`replayed ${d.replays}×`);
  return parts.join(' · ');
}

/** `/settings/webhooks/{id}`: one endpoint's delivery log — status, attempts, response, latency — with replay and a test send. */
export function Deliveries({ workspaceId, endpointId }: { workspaceId: string; endpointId: string }) {
  const [endpoint, setEndpoint] = useState<WebhookEndpoint | null>(null);
  const [rows, setRows] = useState<WebhookDelivery[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  const load = useCallback(
    async (more: string | null) => {
      try {
        const [page, endpoints] = await Promise.all([
          listDeliveries(workspaceId, endpointId, more),
          more === null ? listEndpoints(workspaceId) : Promise.resolve(null),
        ]);
        setRows((before) => (more === null ? page.deliveries : [...before, ...page.deliveries]));
        setCursor(page.nextCursor);
        if (endpoints) setEndpoint(endpoints.find((e) => e.id === endpointId) ?? null);
        setError('');
      } catch (err) {
        setError(errorText(err));
      }
    },
    [workspaceId, endpointId],
  );
  useEffect(() => {
    void load(null);
  }, [load]);

  const act = async (what: () => Promise<void>, done: string) => {
    try {
      await what();
      setStatus(done);
      await load(null);
    } catch (err) {
      setStatus(errorText(err));
    }
  };

  return (
    <>
      <a
        className="link"
        href="/settings/webhooks"
        onClick={(e) => {
          e.preventDefault();
          navigate('/settings/webhooks');
        }}
      >
        ← All endpoints
      </a>
      <h2 style={{ overflowWrap: 'anywhere' }}>
        Deliveries to {endpoint ? displayUrl(endpoint.url) : 'this endpoint'}
      </h2>
      <div className="row">
        {endpoint?.kind === 'webhook' && (
          <button
            type="button"
            onClick={() => void act(() => sendTest(workspaceId, endpointId), 'Test event queued.')}
          >
            Send test event
          </button>
        )}
        <button type="button" onClick={() => void load(null)}>
          Refresh
        </button>
      </div>
      <p role="status" className="muted">
        {status}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {!error && rows.length === 0 && <p className="muted">Nothing sent yet.</p>}
      <ul className="list" aria-label="Deliveries">
        {rows.map((d) => (
          <li key={d.id} data-delivery-id={d.id} data-status={d.status}>
            <span style={{ overflowWrap: 'anywhere' }}>
              <strong>{EVENT_LABELS[d.event_type]}</strong> · {STATUS_LABELS[d.status]} ·{' '}
              {new Date(d.created_at).toLocaleString()}
              <br />
              <small className="muted">
                {outcome(d)} · event <code>{d.event_id}</code>
              </small>
            </span>
            <button
              type="button"
              aria-label={`Replay ${EVENT_LABELS[d.event_type]}`}
              onClick={() =>
                void act(
                  () => replayDelivery(workspaceId, endpointId, d.id),
                  'Sent again: the delivery is queued.',
                )
              }
            >
              Replay
            </button>
          </li>
        ))}
      </ul>
      {cursor && (
        <button type="button" onClick={() => void load(cursor)}>
          Load more
        </button>
      )}
    </>
  );
}
