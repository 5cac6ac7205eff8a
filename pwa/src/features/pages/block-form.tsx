import { useState, type FormEvent } from 'react';
import type { BlockType } from '@linkhub/shared/blocks/snapshot';
import { snapshotBlockSchema } from '@linkhub/shared/blocks/snapshot';
import { Field } from '../../app/field';
import { fieldErrors } from '../../ui/zod-errors';
import { BLOCK_FIELDS, dataFromFields, fieldsFromData } from './block-fields';

type Props = { type: BlockType; initial?: Record<string, unknown>; submitLabel: string; onSubmit: (data: ReturnType<typeof dataFromFields>) => void; onCancel: () => void };

/** The fields of one block, checked against the bio block catalog's schema before it is saved. */
export function BlockForm({ type, initial, submitLabel, onSubmit, onCancel }: Props) {
  const [values, setValues] = useState<Record<string, string>>(() => (initial ? fieldsFromData(type, initial) : {}));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const data = dataFromFields(type, values);
    const parsed = snapshotBlockSchema.safeParse({ id: 'draft', type, data });
    if (!parsed.success) {
      const raw = fieldErrors(parsed.error);
      // Map `data.links.0.url` style paths back to the form's keys.
      const mapped: Record<string, string> = {};
      for (const [path, message] of Object.entries(raw)) {
        const key = path.split('.').pop() ?? path;
        mapped[key] ??= message;
      }
      return setErrors(mapped);
    }
    setErrors({});
    onSubmit(data);
  };
  return (
    <form onSubmit={submit} className="panel">
      {BLOCK_FIELDS[type].map((f) =>
        f.type === 'textarea' ? (
          <div className="field" key={f.key}>
            <label htmlFor={`bf-${f.key}`}>{f.label}</label>
            <textarea id={`bf-${f.key}`} rows={3} value={values[f.key] ?? ''} onChange={(e) => setValues({ ...values, [f.key]: e.target.value })} aria-invalid={errors[f.key] ? true : undefined} />
            {errors[f.key] && <small className="error">{errors[f.key]}</small>}
          </div>
        ) : (
          <Field key={f.key} label={f.label} type={f.type ?? 'text'} value={values[f.key] ?? ''} onChange={(v) => setValues({ ...values, [f.key]: v })} error={errors[f.key]} />
        ),
      )}
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
