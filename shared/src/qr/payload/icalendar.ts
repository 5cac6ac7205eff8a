import { contentLines, escapeText } from './content-line';
import type { EventPayload } from './schema';

export type CalendarEventContext = {
  /** Stable across edits, so a calendar updates the event it imported before (RFC 5545 §3.8.4.7). */
  uid: string;
  /** Grows with every edit of the code (`SEQUENCE`). */
  sequence: number;
  /** When the file is made (`DTSTAMP`). */
  now: Date;
  /** The zone of an event without its own: the workspace's. */
  defaultTimeZone: string;
};

/** `2026-12-24T18:30` → `20261224T183000`. */
function basicLocal(local: string): string {
  return `${local.replace(/[-:]/g, '')}00`;
}

function basicUtc(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** The UTC offset of `zone` at an instant, as `+HHMM`. */
export function utcOffset(zone: string, instant: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part?.value ?? '');
  return match ? `${match[1]}${match[2]}${match[3]}` : '+0000';
}

/** The instant a wall-clock time in `zone` names (the later one when a clock change repeats it). */
export function zonedInstant(local: string, zone: string): Date {
  const asUtc = Date.parse(`${local}:00Z`);
  const offsetMinutes = (at: number): number => {
    const offset = utcOffset(zone, new Date(at));
    const sign = offset.startsWith('-') ? -1 : 1;
    return sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5)));
  };
  const first = asUtc - offsetMinutes(asUtc) * 60_000;
  return new Date(asUtc - offsetMinutes(first) * 60_000);
}

export function eventTimeZone(
  event: EventPayload,
  context: Pick<CalendarEventContext, 'defaultTimeZone'>,
): string {
  return event.time_zone ?? context.defaultTimeZone;
}

const isUtc = (zone: string): boolean => zone === 'UTC' || zone === 'Etc/UTC';

/**
 * One VEVENT in a VCALENDAR (RFC 5545): UTC times (`Z`) for a UTC event, else local times with the
 * zone's TZID and a VTIMEZONE with its offset then; an event across a clock change in UTC (D-571).
 */
export function icalendarText(event: EventPayload, context: CalendarEventContext): string {
  const zone = eventTimeZone(event, context);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//LinkHub//QR event//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  let start: string;
  let end: string;
  const startOffset = utcOffset(zone, zonedInstant(event.starts_at, zone));
  const endOffset = utcOffset(zone, zonedInstant(event.ends_at, zone));
  // An event across a clock change is written in UTC: exact without a zone's full rules.
  if (isUtc(zone) || startOffset !== endOffset) {
    start = `DTSTART:${basicUtc(zonedInstant(event.starts_at, zone))}`;
    end = `DTEND:${basicUtc(zonedInstant(event.ends_at, zone))}`;
  } else {
    lines.push('BEGIN:VTIMEZONE', `TZID:${zone}`);
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${startOffset}`);
    lines.push(`TZOFFSETTO:${startOffset}`, 'END:STANDARD', 'END:VTIMEZONE');
    start = `DTSTART;TZID=${zone}:${basicLocal(event.starts_at)}`;
    end = `DTEND;TZID=${zone}:${basicLocal(event.ends_at)}`;
  }
  lines.push(
    'BEGIN:VEVENT',
    `UID:${escapeText(context.uid)}`,
    `DTSTAMP:${basicUtc(context.now)}`,
    `SEQUENCE:${context.sequence}`,
    start,
    end,
  );
  lines.push(`SUMMARY:${escapeText(event.title)}`);
  if (event.location !== undefined) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description !== undefined && event.description !== '')
    lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.website !== undefined) lines.push(`URL:${event.website}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return contentLines(lines);
}
