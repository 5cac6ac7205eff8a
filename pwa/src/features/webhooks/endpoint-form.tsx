import { useState, type FormEvent } from 'react';
import { isLeadEvent, isTrafficEvent, type SubscribableEvent } from '@linkhub/shared/webhooks/events';
import {
  createWebhookEndpointInputSchema,
  type WebhookEndpointCreated,
} from '@linkhub/shared/webhooks/schemas';
import { carriesCredentials, WEBHOOK_CREDENTIALS_SENTENCE } from '@linkhub/shared/url/credentials';
import { Field } from '../../ui/field';
import { fieldErrors } from '../../ui/error-messages';
import { formRefusal } from '../../ui/form-refusal';
import { CHOOSABLE_EVENTS, EVENT_LABELS } from './event-labels';
import { createEndpoint } from './webhooks-api';

const SHOWN_FIELDS = ['url', 'description', 'events'] as const;

/**
 * Add a webhook: an HTTPS address and the events to send. Checked with the same schema the server
 * parses, so a bad address is named before anything is sent. Lead events carry addresses: only
 * those who manage lead sync may choose them.
 */
export function EndpointForm({
  workspaceId,
  canSyncLeads,
  onCreated,
}: {
  workspaceId: string;
  canSyncLeads: boolean;
  onCreated: (created: WebhookEndpointCreated) => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<SubscribableEvent[]>(['link.created']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const choosable = CHOOSABLE_EVENTS.filter((e) => canSyncLeads || !isLeadEvent(e));
  const toggle = (event: SubscribableEvent, on: boolean) =>
    setEvents((before) => (on ? [...before, event] : before.filter((e) => e !== event)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      kind: 'webhook' as const,
      url: url.trim(),
      events,
      ...(description.trim() ? { description: description.trim() } : {}),
    };
    const checked = createWebhookEndpointInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      setMessage('');
      return;
    }
    if (carriesCredentials(input.url)) {
      setErrors({ url: WEBHOOK_CREDENTIALS_SENTENCE });
      setMessage('');
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onCreated(await createEndpoint(workspaceId, checked.data));
      setUrl('');
      setDescription('');
      setMessage('');
    } catch (err) {
      const refusal = formRefusal(err, SHOWN_FIELDS);
      setErrors(refusal.fields);
      setMessage(refusal.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    // The schema names every problem beside its field; the browser's own bubble would only say "Enter a URL".
    <form className="panel" onSubmit={(e) => void submit(e)} aria-label="Add a webhook endpoint" noValidate>
      <h3>Add an endpoint</h3>
      <Field
        label="Endpoint URL"
        value={url}
        onChange={setUrl}
        type="url"
        placeholder="https://example.com/webhooks/linkhub"
        hint="HTTPS only. Each delivery is signed with a secret shown once, after adding."
        error={errors.url}
        required
      />
      <Field
        label="Description (optional)"
        value={description}
        onChange={setDescription}
        error={errors.description}
      />
      <fieldset>
        <legend>Events to send</legend>
        <div className="row">
          {choosable.map((event) => (
            <label key={event}>
              <input
                type="checkbox"
                checked={events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />{' '}
              {EVENT_LABELS[event]}
            </label>
          ))}
        </div>
        {events.some(isTrafficEvent) && (
          <small>
            Clicks, scans and views arrive in batches of up to 100, at most 10 s late — with country, device
            and referrer, never an IP address or a User-Agent. Visits from bots are left out.
          </small>
        )}
        {errors.events && <p className="error">Choose at least one event.</p>}
      </fieldset>
      {message && (
        <p className="error" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        Add endpoint
      </button>
    </form>
  );
}
