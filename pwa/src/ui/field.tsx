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
  /** Values the browser offers as the user types (a datalist); any other value may still be typed. */
  suggestions?: readonly string[];
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
  suggestions,
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
          list={suggestions ? `${id}-suggestions` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      )}
      {suggestions && !multiline && (
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
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
