import type { Window } from './dashboard-window';

const HOUR_MS = 3_600_000;
const SAMPLE_MS = 6 * HOUR_MS;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  const known = formats.get(timeZone);
  if (known) return known;
  const made = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  formats.set(timeZone, made);
  return made;
}

/** The zone's offset from UTC in minutes at `at` (`Intl`, no table of our own). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = formatOf(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * Whether every local midnight in the window falls on a whole UTC hour (true for all but a few
 * zones: India, Nepal, Newfoundland, parts of Australia…), sampled every 6 hours, which sees any
 * offset a zone keeps for more than a few hours. Daily buckets are summed from hourly cube rows
 * only then; otherwise a cube hour could straddle two local days.
 */
export function localDaysOnWholeHours(timeZone: string, w: Window): boolean {
  for (let t = w.from.getTime(); t <= w.to.getTime(); t += SAMPLE_MS)
    if (offsetMinutes(timeZone, new Date(t)) % 60 !== 0) return false;
  return offsetMinutes(timeZone, w.to) % 60 === 0;
}

/**
 * The whole UTC hours of a window that the cube answers: inside the window, before `builtThrough`
 * (later hours are still open or not folded yet: raw events), and none at all when daily buckets
 * would not fall on whole hours. Empty ranges are returned as from = to.
 */
export function cubeRange(
  w: Window,
  interval: 'hour' | 'day',
  timeZone: string,
  builtThrough: Date,
): { from: Date; to: Date } {
  const lo = Math.ceil(w.from.getTime() / HOUR_MS) * HOUR_MS;
  const hi = Math.min(Math.floor(w.to.getTime() / HOUR_MS) * HOUR_MS, builtThrough.getTime());
  if (hi <= lo || (interval === 'day' && !localDaysOnWholeHours(timeZone, w)))
    return { from: w.from, to: w.from };
  return { from: new Date(lo), to: new Date(hi) };
}
