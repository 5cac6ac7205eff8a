import { useState, type FormEvent } from 'react';
import type { PageView } from '@linkhub/shared/sync/views';
import { createWebhookEndpointInputSchema } from '@linkhub/shared/webhooks/schemas';
import { Field } from '../../ui/field';
import { NO_OUTCOME, OutcomeLine, type Outcome } from '../../ui/outcome';
import { fieldErrors } from '../../ui/error-messages';
import { formRefusal } from '../../ui/form-refusal';
import { createEndpoint } from './webhooks-api';

type Provider = 'mailchimp' | 'convertkit';
const SHOWN_FIELDS = ['page_id', 'api_key', 'list_id', 'form_id'] as const;

/**
 * Sync one bio page's confirmed sign-ups to Mailchimp (an audience) or ConvertKit (a form): the
 * provider's API key is kept sealed on the server and never shown again.
 */
export function EspForm({
  workspaceId,
  pages,
  onCreated,
}: {
  workspaceId: string;
  pages: readonly PageView[];
  onCreated: () => void;
}) {
  const [provider, setProvider] = useState<Provider>('mailchimp');
  const [pageId, setPageId] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [target, setTarget] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(NO_OUTCOME);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input =
      provider === 'mailchimp'
        ? { kind: provider, page_id: pageId, api_key: apiKey.trim(), list_id: target.trim() }
        : { kind: provider, page_id: pageId, api_key: apiKey.trim(), form_id: target.trim() };
    const checked = createWebhookEndpointInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      setOutcome(NO_OUTCOME);
      return;
    }
    setErrors({});
    try {
      await createEndpoint(workspaceId, checked.data);
      setApiKey('');
      setTarget('');
      setOutcome({ failed: false, text: 'Connected. Confirmed sign-ups of this page are sent from now on.' });
      onCreated();
    } catch (err) {
      const refusal = formRefusal(err, SHOWN_FIELDS);
      setErrors(refusal.fields);
      setOutcome({ failed: true, text: refusal.message });
    }
  };

  return (
    <form className="panel" onSubmit={(e) => void submit(e)} aria-label="Connect an email service">
      <h3>Send sign-ups to an email service</h3>
      <div className="field">
        <label htmlFor="esp-provider">Service</label>
        <select
          id="esp-provider"
          value={provider}
          onChange={(e) => setProvider(e.target.value === 'convertkit' ? 'convertkit' : 'mailchimp')}
        >
          <option value="mailchimp">Mailchimp</option>
          <option value="convertkit">ConvertKit</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="esp-page">Bio page</label>
        <select id="esp-page" value={pageId} onChange={(e) => setPageId(e.target.value)} required>
          <option value="">Choose a page…</option>
          {pages.map((p) => (
            <option key={p.id} value={p.id}>
              @{p.handle}
            </option>
          ))}
        </select>
        {errors.page_id && <p className="error">Choose the page whose sign-ups to send.</p>}
      </div>
      <Field
        label="API key"
        value={apiKey}
        onChange={setApiKey}
        type="password"
        error={errors.api_key}
        required
      />
      <Field
        label={provider === 'mailchimp' ? 'Audience ID' : 'Form ID'}
        value={target}
        onChange={setTarget}
        error={provider === 'mailchimp' ? errors.list_id : errors.form_id}
        required
      />
      <OutcomeLine outcome={outcome} />
      <button type="submit">Connect</button>
    </form>
  );
}
