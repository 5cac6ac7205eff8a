import { useState, type FormEvent } from 'react';
import type { BlockType, SnapshotBlock } from '@linkhub/shared/blocks/snapshot';
import { snapshotBlockSchema } from '@linkhub/shared/blocks/snapshot';
import { blockDestinations } from '@linkhub/shared/blocks/catalog';
import { carriesCredentials, CREDENTIALS_SENTENCE } from '@linkhub/shared/url/credentials';
import { blockInputSchema } from '@linkhub/shared/schemas/blocks';
import type { BlockView } from '@linkhub/shared/sync/views';
import { Field } from '../../ui/field';
import { fieldErrors } from '../../ui/error-messages';
import { StaleNotice } from '../links/stale-notice';
import { useSyncedDraft } from '../../drafts/use-synced-draft';
import { changedKeys } from '../../drafts/draft-base';
import { BLOCK_FIELDS, dataFromFields, fieldsFromData, socialRowsOf, type SocialRow } from './block-fields';
import { DEFAULT_CONSENT_TEXT } from '@linkhub/shared/leads/consent';
import { EMAIL_CAPTURE_NOTE } from './email-capture';
import { SocialRows } from './social-rows';
import { BlockExtrasFields } from './block-extras/block-extras-fields';

/** The schedule and notice keys, shown by BlockExtrasFields. */
const EXTRA_KEYS = ['visible_from', 'visible_until', 'notice', 'notice.kind', 'notice.message'];
import { PhotoPicker } from './photo/photo-picker';
import { useWorkspace } from '../../workspace/workspace-context';

type Props = {
  type: BlockType;
  initial?: BlockView['data'];
  submitLabel: string;
  /** The whole data, and (D-500) only the keys the form changed with the value each started from. */
  onSubmit: (data: BlockData, edit: { changed: BlockData; base: Record<string, Json | null> }) => void;
  onCancel: () => void;
};
type BlockData = BlockView['data'];
type Json = BlockData[string];
type BlockDraft = { values: Record<string, string>; social: SocialRow[] };

/** `data.links.2.url` → `links.2.url`: the form's keys for the catalog schema's paths. */
export function formErrorKeys(raw: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(raw)) {
    const key = path.startsWith('data.') ? path.slice('data.'.length) : path;
    out[key] ??= message;
  }
  return out;
}

/** Destinations carrying a user name or password, by form key: the server refuses them (destination safety). */
function credentialErrors(block: SnapshotBlock): Record<string, string> | null {
  const errors: Record<string, string> = {};
  blockDestinations(block).forEach((url, i) => {
    if (carriesCredentials(url))
      errors[block.type === 'social' ? `links.${i}.url` : 'url'] = CREDENTIALS_SENTENCE;
  });
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * What stops a block's data from saving, by form key (null: nothing): the add and update mutators' own
 * check, then the published snapshot's, so a refusal keeps the form open with what was typed. An issue
 * with no field on this form (a key it does not show) is said under the form.
 */
export function blockFormErrors(type: BlockType, data: BlockView['data']): Record<string, string> | null {
  const input = blockInputSchema.safeParse({ ...data, type });
  const snapshot = snapshotBlockSchema.safeParse({ id: 'draft', type, data });
  const refused = !input.success ? input.error : !snapshot.success ? snapshot.error : null;
  if (refused === null) return snapshot.success ? credentialErrors(snapshot.data) : null;
  const errors = formErrorKeys(fieldErrors(refused));
  const shown = new Set([...BLOCK_FIELDS[type].map((f) => f.key), ...EXTRA_KEYS]);
  const unshown = Object.entries(errors).find(([key]) => !shown.has(key) && !key.startsWith('links.'));
  if (unshown && errors.form === undefined) errors.form = unshown[1];
  return errors;
}

/** The fields of one block, checked by `blockFormErrors` before it is saved. */
export function BlockForm({ type, initial, submitLabel, onSubmit, onCancel }: Props) {
  const synced = useSyncedDraft<BlockDraft>({
    // A new sign-up block starts with the default consent text, for the owner to read and adapt.
    values: initial
      ? fieldsFromData(type, initial)
      : type === 'email_capture'
        ? { consent_text: DEFAULT_CONSENT_TEXT }
        : {},
    social: initial ? socialRowsOf(initial) : [{ network: '', url: '' }],
  });
  const { values, social } = synced.draft;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setValues = (next: Record<string, string>) => synced.set('values', next);
  const { workspace } = useWorkspace();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (synced.conflicts.length > 0)
      return setErrors({ form: 'Settle the change from another device first.' });
    const data = dataFromFields(type, values, social, initial);
    const refused = blockFormErrors(type, data);
    if (refused) return setErrors(refused);
    setErrors({});
    const started = dataFromFields(type, synced.state.base.values, synced.state.base.social, initial);
    synced.saved();
    onSubmit(data, changedKeys(started, data));
  };
  return (
    <form onSubmit={submit} className="panel">
      <StaleNotice
        fields={synced.conflicts.map((k) => (k === 'social' ? 'networks' : 'text'))}
        onPick={synced.settle}
      />
      {type === 'email_capture' && (
        <p className="muted" role="note" data-testid="email-capture-note">
          {EMAIL_CAPTURE_NOTE}
        </p>
      )}
      {type === 'image' && (
        <PhotoPicker
          kind="block_image"
          label="Photo"
          workspaceId={workspace.id}
          assetId={(values.asset_id ?? '') === '' ? null : (values.asset_id ?? null)}
          readOnly={false}
          onUploaded={(asset) => {
            const jpegs = (asset.image?.variants ?? []).filter((v) => v.format === 'jpeg');
            const widest = jpegs.reduce<(typeof jpegs)[number] | undefined>(
              (a, b) => (a === undefined || b.width > a.width ? b : a),
              undefined,
            );
            if (widest !== undefined) setValues({ ...values, url: widest.path, asset_id: asset.id });
          }}
          onRemove={() => setValues({ ...values, url: '', asset_id: '' })}
        />
      )}
      {type === 'social' && (
        <SocialRows rows={social} onChange={(rows) => synced.set('social', rows)} errors={errors} />
      )}
      {BLOCK_FIELDS[type].map((f) =>
        f.type === 'checkbox' ? (
          <div className="field" key={f.key}>
            <label>
              <input
                type="checkbox"
                checked={values[f.key] === 'true'}
                onChange={(e) => setValues({ ...values, [f.key]: e.target.checked ? 'true' : '' })}
              />{' '}
              {f.label}
            </label>
          </div>
        ) : f.type === 'textarea' ? (
          <div className="field" key={f.key}>
            <label htmlFor={`bf-${f.key}`}>{f.label}</label>
            <textarea
              id={`bf-${f.key}`}
              rows={3}
              value={values[f.key] ?? ''}
              onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
              aria-invalid={errors[f.key] ? true : undefined}
            />
            {f.hint && <small className="muted">{f.hint}</small>}
            {errors[f.key] && <small className="error">{errors[f.key]}</small>}
          </div>
        ) : (
          <Field
            key={f.key}
            label={f.label}
            type={f.type ?? 'text'}
            value={values[f.key] ?? ''}
            onChange={(v) => setValues({ ...values, [f.key]: v })}
            error={errors[f.key]}
          />
        ),
      )}
      <BlockExtrasFields values={values} onChange={setValues} errors={errors} withNotice={type === 'link'} />
      {errors.form && <p className="error">{errors.form}</p>}
      <div className="row">
        <button type="submit" className="primary">
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
