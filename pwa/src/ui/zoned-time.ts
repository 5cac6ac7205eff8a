import { TZDate } from '@date-fns/tz';

/**
 * Schedule times as the link form shows them: `datetime-local` values (`2026-12-24T09:00`) on the
 * wall clock of the workspace's time zone — the zone its analytics and time-window rules use — and
 * stored as instants. A wall time the zone skips (a spring-forward gap) is read forward, as the
 * clock shows it an hour later; one it passes twice is read as the later of the two.
 */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** A zone `TZDate` can read, else UTC (a stored zone is validated, so this is the last line only). */
function usableZone(timeZone: string): string {
  return Number.isNaN(new TZDate(0, timeZone).getTime()) ? 'UTC' : timeZone;
}

/** The wall-clock time of `iso` in `timeZone`, as a `datetime-local` value; '' for none. */
export function wallTimeOf(iso: string | null, timeZone: string): string {
  if (iso === null) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const wall = new TZDate(at, usableZone(timeZone));
  const year = wall.getFullYear();
  if (year < 0 || year > 9999) return '';
  return (
    `${pad(year, 4)}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}` +
    `T${pad(wall.getHours())}:${pad(wall.getMinutes())}`
  );
}

/**
 * The instant `wall` names in `timeZone`, as an ISO string; null for ''. What names no time (a
 * six-digit year, 31 February, a value typed past the date picker) is handed back as typed, for the
 * link schema to refuse with the field's own sentence.
 */
export function instantOf(wall: string, timeZone: string): string | null {
  const value = wall.trim();
  if (value === '') return null;
  const parts = WALL_TIME.exec(value);
  if (parts === null) return value;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59)
    return value;
  const at = new TZDate(year, month - 1, day, hour, minute, usableZone(timeZone)).getTime();
  return Number.isNaN(at) ? value : new Date(at).toISOString();
}
