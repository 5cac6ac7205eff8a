/** The wall-clock weekday (ISO 1–7) and minute of the day of an instant in an IANA zone (UTC if unknown). */
export type LocalTime = { isoWeekday: number; minuteOfDay: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    formatter = formatterFor('UTC');
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

export function localTime(now: Date, timeZone: string): LocalTime {
  let weekday = 1;
  let hour = 0;
  let minute = 0;
  for (const part of formatterFor(timeZone).formatToParts(now)) {
    if (part.type === 'weekday') weekday = WEEKDAYS[part.value] ?? 1;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { isoWeekday: weekday, minuteOfDay: hour * 60 + minute };
}

export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}
