import { useId } from 'react';
import { NOTICE_KINDS, NOTICE_LABELS } from '@linkhub/shared/blocks/sensitive-notice';

type Props = {
  values: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  errors: Record<string, string>;
  /** A link block may sit behind a sensitive-content notice (D-606). */
  withNotice: boolean;
};

/** One date-and-time input with a way to clear it (the phone's own picker opens on tap). */
function When({
  label,
  name,
  values,
  onChange,
  error,
}: {
  label: string;
  name: 'visible_from' | 'visible_until';
  values: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  error: string | undefined;
}) {
  const id = useId();
  const value = values[name] ?? '';
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="row">
        <input
          id={id}
          type="datetime-local"
          value={value}
          onChange={(e) => onChange({ ...values, [name]: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {value !== '' && (
          <button type="button" onClick={() => onChange({ ...values, [name]: '' })}>
            Clear<span className="sr-only"> {label.toLowerCase()}</span>
          </button>
        )}
      </div>
      {error && (
        <small className="error" id={`${id}-error`}>
          {error}
        </small>
      )}
    </div>
  );
}

/** When the block shows (D-605) and, for a link, the notice before its destination (D-606). */
export function BlockExtrasFields({ values, onChange, errors, withNotice }: Props) {
  const noticeId = useId();
  return (
    <>
      <fieldset className="field">
        <legend>Schedule (optional)</legend>
        <small className="muted">
          Visitors see the block only between these times (your device’s time zone).
        </small>
        <When
          label="Show from"
          name="visible_from"
          values={values}
          onChange={onChange}
          error={errors.visible_from}
        />
        <When
          label="Show until"
          name="visible_until"
          values={values}
          onChange={onChange}
          error={errors.visible_until}
        />
      </fieldset>
      {withNotice && (
        <fieldset className="field">
          <legend>Notice before the link</legend>
          <label htmlFor={`${noticeId}-kind`}>Show visitors a notice first</label>
          <select
            id={`${noticeId}-kind`}
            value={values.notice_kind ?? ''}
            onChange={(e) => onChange({ ...values, notice_kind: e.target.value })}
          >
            <option value="">No notice</option>
            {NOTICE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {NOTICE_LABELS[kind]}
              </option>
            ))}
          </select>
          {(values.notice_kind ?? '') !== '' && (
            <>
              <label htmlFor={`${noticeId}-message`}>Message (optional)</label>
              <textarea
                id={`${noticeId}-message`}
                rows={2}
                maxLength={500}
                value={values.notice_message ?? ''}
                onChange={(e) => onChange({ ...values, notice_message: e.target.value })}
              />
            </>
          )}
          {errors.notice && <small className="error">{errors.notice}</small>}
        </fieldset>
      )}
    </>
  );
}
