import { useId, type HTMLInputTypeAttribute } from 'react';

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

/** A labelled input (or textarea) with its hint and error tied to it (aria-describedby). */
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
