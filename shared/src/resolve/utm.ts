import { BoundedMemo } from '../cache/bounded-memo';
import { utmFields, type Utm } from '../cache/payload';
import { isPrintableAscii, normalizeUrl } from '../url/normalize-url';

/**
 * The one UTM rule, for the redirect's Location and for analytics attribution alike:
 * the link's UTM parameters win, then parameters the destination already carries, then the visit's
 * own query parameters for every key not yet present. No key ends up twice.
 */

export const utmParams = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmParam = (typeof utmParams)[number];
/** The UTM values a visit is attributed to (null: not set); at most 255 characters each, as the event column. */
export type UtmAttribution = Readonly<Record<UtmParam, string | null>>;

const MAX_UTM_VALUE = 255;

function linkEntries(utm: Utm): Array<readonly [UtmParam, string]> {
  return utmFields.flatMap((field) => {
    const value = utm[field];
    return value === undefined ? [] : [[`utm_${field}`, value] as const];
  });
}

/**
 * The final Location: the destination with the link's UTM parameters set and the visit's query
 * merged by the rule above. Always header-safe (printable ASCII, WHATWG-serialised) when the
 * destination is an absolute URL; a destination that is not one is returned unchanged.
 */
export function mergeUtm(destination: string, utm: Utm, visitQuery: string): string {
  if (visitQuery !== '' && visitQuery !== '?') return mergeWith(destination, utm, visitQuery);
  let locations = plainLocations.get(utm);
  const known = locations?.get(destination);
  if (known !== undefined) return known;
  const location = mergeWith(destination, utm, '');
  if (!locations) {
    locations = new BoundedMemo(PLAIN_LOCATIONS_PER_UTM);
    plainLocations.set(utm, locations);
  }
  locations.set(destination, location);
  return location;
}

/**
 * The Location of a visit without a query depends only on the destination and the link's UTMs, so
 * it is kept per UTM object (a cached payload's, parsed once and never changed; the objects must not
 * be changed after a merge): one URL parse and serialisation per destination instead of per visit.
 */
const plainLocations = new WeakMap<Utm, BoundedMemo<string, string>>();
const PLAIN_LOCATIONS_PER_UTM = 32;

function mergeWith(destination: string, utm: Utm, visitQuery: string): string {
  const utmEntries = linkEntries(utm);
  const query = visitQuery.startsWith('?') ? visitQuery.slice(1) : visitQuery;
  if (utmEntries.length === 0 && query === '')
    return isPrintableAscii(destination) ? destination : (normalizeUrl(destination) ?? destination);
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    return destination;
  }
  for (const [key, value] of utmEntries) url.searchParams.set(key, value);
  if (query !== '') {
    const present = new Set(url.searchParams.keys());
    for (const [key, value] of new URLSearchParams(query)) {
      if (present.has(key)) continue;
      present.add(key);
      url.searchParams.append(key, value);
    }
  }
  return url.href;
}

function attribution(get: (param: UtmParam) => string | null | undefined): UtmAttribution {
  const value = (param: UtmParam): string | null => {
    const v = get(param);
    return v === null || v === undefined || v === '' ? null : v.slice(0, MAX_UTM_VALUE);
  };
  return {
    utm_source: value('utm_source'),
    utm_medium: value('utm_medium'),
    utm_campaign: value('utm_campaign'),
    utm_term: value('utm_term'),
    utm_content: value('utm_content'),
  };
}

export const NO_UTM: UtmAttribution = Object.freeze(attribution(() => null));

/** What a redirect to `location` (the output of `mergeUtm`) is attributed to: exactly the UTMs it carries. */
export function utmOfLocation(location: string): UtmAttribution {
  if (!location.includes('utm_')) return NO_UTM;
  let params: URLSearchParams;
  try {
    params = new URL(location).searchParams;
  } catch {
    return NO_UTM;
  }
  return attribution((param) => params.get(param));
}

/** Attribution of an answer without a destination (holding page, branded 404, a bio page view): link UTMs, then the visit's. */
export function attributedUtm(utm: Utm, visitQuery: string): UtmAttribution {
  const query = visitQuery.startsWith('?') ? visitQuery.slice(1) : visitQuery;
  const params = query === '' ? null : new URLSearchParams(query);
  const link = new Map(linkEntries(utm));
  return attribution((param) => link.get(param) ?? params?.get(param));
}
