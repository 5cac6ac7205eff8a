import { useId } from 'react';
import { Field } from '../../ui/field';

/** The zones this browser knows, UTC first: what the field offers as the user types. */
const ZONES: readonly string[] = [
  'UTC',
  ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC'),
];

/** This device's own zone (`Europe/Berlin`), when the browser names one LinkHub accepts. */
function deviceZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return ZONES.includes(zone) ? zone : null;
}

/** `europe/berlin` → `Europe/Berlin`: the zone as spelled in the list, else what was typed. */
export function canonicalZone(typed: string): string {
  const wanted = typed.trim().toLowerCase();
  return ZONES.find((zone) => zone.toLowerCase() === wanted) ?? typed.trim();
}

/**
 * The workspace's clock: analytics days, link schedules and time-of-day rules all read it. Offered
 * from the browser's own list as the user types, with this device's zone one click away.
 */
export function TimeZoneField({
  value,
  onChange,
  readOnly,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  readOnly: boolean;
  error?: string | undefined;
}) {
  const device = deviceZone();
  const listId = useId();
  return (
    <>
      <datalist id={listId}>
        {ZONES.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <Field
        label="Time zone"
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        list={listId}
        error={error}
        hint="Analytics days, link schedules and time-of-day rules follow it. For example Europe/Berlin or UTC."
      />
      {!readOnly && device !== null && device !== value && (
        <button type="button" className="link" onClick={() => onChange(device)}>
          Use this device’s time zone ({device})
        </button>
      )}
    </>
  );
}
