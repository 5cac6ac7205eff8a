import { locale } from './number-format';

/**
 * The analytics screen's date and relative-time formatters, one per locale, zone and style:
 * building an Intl formatter costs far more than formatting with one, and the chart formats a
 * label per bucket, per axis tick and per pointer move. (Numbers: shared/analytics/format.ts.)
 */
const DATE_STYLES = {
  /** An hour tick: "3 PM". */
  hour: { hour: 'numeric' },
  /** A day tick: "Nov 3". */
  day: { month: 'short', day: 'numeric' },
  /** A bucket under the pointer or in the table: "Tue 3:00 PM". */
  hourLong: { weekday: 'short', hour: 'numeric', minute: '2-digit' },
  /** A day bucket under the pointer or in the table: "Tue, Nov 3". */
  dayLong: { weekday: 'short', month: 'short', day: 'numeric' },
  /** A date in a sentence: "Nov 3, 2026". */
  date: { dateStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

const dates = new Map<string, Intl.DateTimeFormat>();
const relatives = new Map<string, Intl.RelativeTimeFormat>();

/** The reader's formatter of `style` in `timeZone`, built once. */
export function dateFormat(timeZone: string, style: DateStyle): Intl.DateTimeFormat {
  const lang = locale();
  const key = `${lang}|${timeZone}|${style}`;
  let f = dates.get(key);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(lang, { timeZone, ...DATE_STYLES[style] });
    dates.set(key, f);
  }
  return f;
}

/** The reader's "5 minutes ago" formatter, built once per locale. */
export function relativeFormat(): Intl.RelativeTimeFormat {
  const lang = locale();
  let f = relatives.get(lang);
  if (f === undefined) {
    f = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
    relatives.set(lang, f);
  }
  return f;
}
