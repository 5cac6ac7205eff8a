/**
 * Numbers for people, the same in the editor, the shared page and the report mail:
 * the reader's separators (98,621 / 98 621 / 98.621), compact forms where space is short (12.3k),
 * shares and changes as percentages. Formatters are cached per locale (building one is the cost).
 */
const cache = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(safeLocale(locale), options);
    cache.set(key, f);
  }
  return f;
}

/** A locale Intl accepts, else English (a header or a URL may carry anything). */
export function safeLocale(locale: string | undefined): string {
  if (locale === undefined || locale === '') return 'en';
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** The first well-formed language tag of an Accept-Language header (browsers list them by preference). */
export function localeOfAcceptLanguage(header: string | undefined): string {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    if (tag === '' || tag === '*') continue;
    try {
      const canonical = Intl.getCanonicalLocales(tag)[0];
      if (canonical !== undefined) return canonical;
    } catch {
      // not a language tag: try the next one
    }
  }
  return 'en';
}

export const formatCount = (n: number, locale: string): string =>
  formatter(locale, { maximumFractionDigits: 0 }).format(n);

/** 12.3k, 4.5M; exact below 10,000 (compact forms lose too much for small numbers). */
export const formatCompact = (n: number, locale: string): string =>
  Math.abs(n) < 10_000
    ? formatCount(n, locale)
    : formatter(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(n);

/** A share of a whole: 0.1234 → 12.3 %. */
export const formatShare = (ratio: number, locale: string): string =>
  formatter(locale, { style: 'percent', maximumFractionDigits: ratio < 0.1 ? 1 : 0 }).format(ratio);

/** A change against the previous period: +25 %, −3.1 %; null (nothing before) → "new", or "no change" when there is nothing now either. */
export function formatChange(change: number | null, locale: string, current?: number): string {
  if (change === null) return current === 0 ? 'no change' : 'new';
  return formatter(locale, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: Math.abs(change) < 0.1 ? 1 : 0,
  }).format(change);
}

/**
 * A percentage in the house style, a no-break space before % ("12.1 %", "12,1 %"): experiment rates
 * and confidences. `percent` is already ×100; `digits` fixes the decimals, or caps them when `exact`
 * is false (97 → "97 %", 97.5 → "97.5 %").
 */
export function formatPercentPoints(percent: number, locale: string, digits: number, exact = true): string {
  const options = exact
    ? { minimumFractionDigits: digits, maximumFractionDigits: digits }
    : { maximumFractionDigits: digits };
  return `${formatter(locale, options).format(percent)}\u00a0%`;
}
