import { utmFields, type Utm } from '../cache/payload';

/**
 * The final Location: the destination with the link's UTM parameters set (they replace the same keys
 * already in the destination), then the visit's own query parameters appended for every key not yet
 * present. No key ends up twice because of the merge: the link owner's values win over the visitor's.
 * A destination that is not an absolute URL is returned unchanged.
 */
export function mergeUtm(destination: string, utm: Utm, visitQuery: string): string {
  const utmEntries = utmFields.flatMap((field) => {
    const value = utm[field];
    return value === undefined ? [] : [[`utm_${field}`, value] as const];
  });
  const query = visitQuery.startsWith('?') ? visitQuery.slice(1) : visitQuery;
  if (utmEntries.length === 0 && query === '') return destination;
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
  return url.toString();
}
