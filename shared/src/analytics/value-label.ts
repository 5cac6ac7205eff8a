import { EVENT_TYPE_LABELS, type DashboardDimension } from './dashboard';
import { safeLocale } from './format';
import { ownEntry } from '../text/own-entry';

const DEVICE_TYPE_LABELS: Readonly<Record<string, string>> = {
  mobile: 'Mobile',
  tablet: 'Tablet',
  desktop: 'Desktop',
  other: 'Other',
};

/** What an empty value means: nothing known, or something known to be absent. */
function emptyLabel(dim: DashboardDimension): string {
  if (dim === 'referrer_host') return 'Direct / none';
  if (dim === 'variant') return 'Not in a test';
  if (dim === 'utm_source' || dim === 'utm_medium' || dim === 'utm_campaign') return 'Not tagged';
  return 'Unknown';
}

/**
 * What a breakdown value reads as for people, the same in the editor and on the shared page:
 * country and language codes by their names in the reader's language, event types by their label,
 * ids and region codes by the name the answer gave them (`names`: a variant's, a region's), an
 * empty value by what it means.
 */
export function valueLabel(
  dim: DashboardDimension,
  value: string | null,
  locale: string,
  names?: Readonly<Record<string, string>>,
): string {
  if (value === null || value === '') return emptyLabel(dim);
  const named = names === undefined ? undefined : ownEntry(names, value);
  // A region is named within its country, in the reader's language: "England, United Kingdom".
  if (named !== undefined && dim === 'region')
    return `${named}, ${countryName(value.split('-')[0] ?? '', locale)}`;
  if (named !== undefined) return named;
  if (dim === 'event_type') return ownEntry(EVENT_TYPE_LABELS, value) ?? value;
  if (dim === 'device_type') return ownEntry(DEVICE_TYPE_LABELS, value) ?? value;
  if (dim === 'country') return displayName('region', value, locale);
  if (dim === 'language') return displayName('language', value, locale);
  return value;
}

export function countryName(code: string, locale: string): string {
  return displayName('region', code, locale);
}

const namers = new Map<string, Intl.DisplayNames>();

function displayName(type: 'region' | 'language', code: string, locale: string): string {
  const key = `${type}|${locale}`;
  try {
    let namer = namers.get(key);
    if (!namer) {
      namer = new Intl.DisplayNames([safeLocale(locale)], { type, fallback: 'code' });
      namers.set(key, namer);
    }
    return namer.of(code) ?? code;
  } catch {
    // not a code Intl accepts (a value a client sent): shown as it is
    return code;
  }
}
