import { useState } from 'react';

/** Longer than this, a value is cut short with a button to show it whole. */
export const SHORT_LENGTH = 80;

/** A stored value as a person reads it: text as itself, nothing as "(empty)", lists and objects as JSON. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.length === 0) return '(empty)';
  return JSON.stringify(value);
}

/** One before or after value; a long one is truncated, with Show all / Show less. */
export function FieldValue({ value, label }: { value: unknown; label: string }) {
  const [open, setOpen] = useState(false);
  const text = displayValue(value);
  if (text === '(empty)') return <span className="history-value muted">(empty)</span>;
  if (text.length <= SHORT_LENGTH) return <q className="history-value">{text}</q>;
  return (
    <span className="history-value">
      <q>{open ? text : `${text.slice(0, SHORT_LENGTH)}…`}</q>{' '}
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? `Show less of ${label}` : `Show all of ${label}`}
      </button>
    </span>
  );
}
