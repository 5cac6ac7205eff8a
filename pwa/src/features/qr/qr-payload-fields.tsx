import { useId } from 'react';
import {
  qrPayloadSchema,
  STATIC_PAYLOAD_TYPES,
  WIFI_SECURITIES,
  type QrPayloadType,
} from '@linkhub/shared/qr/payload/schema';
import { Field } from '../../ui/field';

/**
 * The editor's type picker and one form per payload type (D-570). The form keeps every value as
 * typed text; `payloadFromDraft` turns it into the union the mutator args validate, so the editor,
 * the API and the sync share one schema.
 */
export type PayloadDraft = { type: QrPayloadType; values: Record<string, string> };

type FieldSpec = {
  name: string;
  label: string;
  type?: 'text' | 'url' | 'email' | 'tel' | 'datetime-local' | 'number' | 'password';
  multiline?: boolean;
  required?: boolean;
};

const FORMS: Record<QrPayloadType, readonly FieldSpec[]> = {
  url: [],
  vcard: [
    { name: 'first_name', label: 'First name' },
    { name: 'last_name', label: 'Last name' },
    { name: 'organization', label: 'Organisation' },
    { name: 'job_title', label: 'Job title' },
    { name: 'mobile', label: 'Mobile', type: 'tel' },
    { name: 'phone', label: 'Work phone', type: 'tel' },
    { name: 'email', label: 'E-mail', type: 'email' },
    { name: 'website', label: 'Website', type: 'url' },
    { name: 'street', label: 'Street' },
    { name: 'postal_code', label: 'Postal code' },
    { name: 'city', label: 'City' },
    { name: 'region', label: 'Region' },
    { name: 'country', label: 'Country' },
    { name: 'note', label: 'Note', multiline: true },
  ],
  event: [
    { name: 'title', label: 'Event title', required: true },
    { name: 'starts_at', label: 'Starts', type: 'datetime-local', required: true },
    { name: 'ends_at', label: 'Ends', type: 'datetime-local', required: true },
    { name: 'time_zone', label: 'Time zone (blank: the workspace’s)' },
    { name: 'location', label: 'Location' },
    { name: 'website', label: 'Website', type: 'url' },
    { name: 'description', label: 'Description', multiline: true },
  ],
  wifi: [
    { name: 'ssid', label: 'Network name (SSID)', required: true },
    { name: 'password', label: 'Password', type: 'password' },
  ],
  sms: [
    { name: 'phone', label: 'Phone number', type: 'tel', required: true },
    { name: 'message', label: 'Message', multiline: true },
  ],
  email: [
    { name: 'to', label: 'To', type: 'email', required: true },
    { name: 'subject', label: 'Subject' },
    { name: 'body', label: 'Message', multiline: true },
  ],
  phone: [{ name: 'phone', label: 'Phone number', type: 'tel', required: true }],
  geo: [
    { name: 'latitude', label: 'Latitude', type: 'number', required: true },
    { name: 'longitude', label: 'Longitude', type: 'number', required: true },
  ],
};

export const PAYLOAD_TYPE_LABELS: Record<QrPayloadType, string> = {
  url: 'Website (URL)',
  vcard: 'Contact card (vCard)',
  event: 'Event (calendar)',
  wifi: 'Wi-Fi network',
  sms: 'SMS',
  email: 'E-mail',
  phone: 'Phone call',
  geo: 'Location',
};

/** The form's text values of a stored payload (absent: a URL code). */
export function payloadDraftOf(stored: unknown): PayloadDraft {
  const parsed = qrPayloadSchema.safeParse(stored ?? { type: 'url' });
  if (!parsed.success) return { type: 'url', values: {} };
  const { type, ...rest } = parsed.data;
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(rest)) values[key] = String(value);
  return { type, values };
}

/** The payload the form describes, for the mutator args to validate (blank fields left out). */
export function payloadFromDraft(draft: PayloadDraft): Record<string, unknown> {
  const out: Record<string, unknown> = { type: draft.type };
  for (const [key, raw] of Object.entries(draft.values)) {
    if (!FORMS[draft.type].some((spec) => spec.name === key) && key !== 'security' && key !== 'hidden')
      continue;
    if (raw === '') continue;
    if (draft.type === 'geo') out[key] = Number(raw);
    else if (key === 'hidden') out[key] = raw === 'true';
    else out[key] = raw;
  }
  if (draft.type === 'wifi') out.security = draft.values.security ?? 'WPA';
  return out;
}

export function isStaticType(type: QrPayloadType): boolean {
  return (STATIC_PAYLOAD_TYPES as readonly string[]).includes(type);
}

type Props = {
  draft: PayloadDraft;
  onChange: (draft: PayloadDraft) => void;
  /** The types this code may take: every type for a new code, its own kind once created (D-572). */
  types: readonly QrPayloadType[];
  errors: Record<string, string>;
  readOnly: boolean;
};

export function QrPayloadFields({ draft, onChange, types, errors, readOnly }: Props) {
  const pickerId = useId();
  const securityId = useId();
  const set = (name: string, value: string) =>
    onChange({ ...draft, values: { ...draft.values, [name]: value } });
  return (
    <fieldset className="qr-payload">
      <legend>What the code does</legend>
      <label htmlFor={pickerId}>Type</label>
      <select
        id={pickerId}
        value={draft.type}
        disabled={readOnly || types.length < 2}
        onChange={(e) => {
          const type = types.find((t) => t === e.target.value);
          if (type) onChange({ type, values: {} });
        }}
      >
        {types.map((type) => (
          <option key={type} value={type}>
            {PAYLOAD_TYPE_LABELS[type]}
          </option>
        ))}
      </select>
      {isStaticType(draft.type) ? (
        <p className="muted" data-testid="qr-static-note">
          Static code: its data is printed in the symbol itself. It cannot be re-pointed after printing and
          its scans are not counted.
        </p>
      ) : draft.type !== 'url' ? (
        <p className="muted">
          Dynamic code: it opens a page on your short link, so you can edit it after printing and its scans
          are counted.
        </p>
      ) : null}
      {draft.type === 'wifi' && (
        <>
          <label htmlFor={securityId}>Security</label>
          <select
            id={securityId}
            value={draft.values.security ?? 'WPA'}
            disabled={readOnly}
            onChange={(e) => set('security', e.target.value)}
          >
            {WIFI_SECURITIES.map((security) => (
              <option key={security} value={security}>
                {security === 'nopass' ? 'None (open network)' : security}
              </option>
            ))}
          </select>
          <label>
            <input
              type="checkbox"
              checked={draft.values.hidden === 'true'}
              disabled={readOnly}
              onChange={(e) => set('hidden', e.target.checked ? 'true' : '')}
            />{' '}
            Hidden network
          </label>
        </>
      )}
      {FORMS[draft.type].map((spec) => (
        <Field
          key={`${draft.type}-${spec.name}`}
          label={spec.label}
          type={spec.type === 'tel' || spec.type === 'password' ? 'text' : (spec.type ?? 'text')}
          value={draft.values[spec.name] ?? ''}
          onChange={(value) => set(spec.name, value)}
          error={errors[`payload.${spec.name}`]}
          required={spec.required ?? false}
          readOnly={readOnly}
          multiline={spec.multiline ?? false}
        />
      ))}
      {/* A refusal no field of this form shows (the union's own, e.g. an unknown type). */}
      {errors.payload && !FORMS[draft.type].some((spec) => errors[`payload.${spec.name}`] !== undefined) && (
        <p className="error">{errors.payload}</p>
      )}
    </fieldset>
  );
}
