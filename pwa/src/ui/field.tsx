import { useId, type HTMLInputTypeAttribute } from 'react';
import { flushSync } from 'react-dom';
import { withWebScheme } from '@linkhub/shared/url/web-scheme';

type FieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: HTMLInputTypeAttribute;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'url' | 'text' | 'email';
  placeholder?: string;
  readOnly?: boolean;
  /** A textarea: the value may hold line breaks (a single-line input drops them). */
  multiline?: boolean;
  /** The id of a `<datalist>` whose values the browser offers as the user types. */
  list?: string;
};

/**
 * A labelled input (or textarea) with its hint and error tied to it (aria-describedby). A `url`
 * field reads an address typed without its scheme as https (`example.com` → `https://example.com`)
 * when it is left or submitted with Enter, before the browser's own check refuses it.
 */
export function Field({
  label,
  value,
  onChange,
  type = 'text',
  hint,
  error,
  required,
  autoComplete,
  inputMode,
  placeholder,
  readOnly,
  multiline,
  list,
}: FieldProps) {
  const id = useId();
  const described =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  // Synchronous, so the form's submit (Enter, or the click after this blur) sees the completed address.
  const completeScheme = () => {
    const completed = withWebScheme(value);
    if (completed !== value) flushSync(() => onChange(completed));
  };
  const url = type === 'url' && !readOnly;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          rows={3}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required={required}
          placeholder={placeholder}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      ) : (
        <input
          id={id}
          type={type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required={required}
          autoComplete={autoComplete}
          inputMode={inputMode}
          placeholder={placeholder}
          readOnly={readOnly}
          list={list}
          onBlur={url ? completeScheme : undefined}
          onKeyDown={url ? (e) => e.key === 'Enter' && completeScheme() : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      )}

      {hint && <small id={`${id}-hint`}>{hint}</small>}
      {error && (
        <small id={`${id}-error`} className="error">
          {error}
        </small>
      )}
    </div>
  );
}
