/**
 * The language dimension of an event: the primary subtag of the visitor's most preferred
 * Accept-Language range (`de` for `de-CH,de;q=0.9`), or null when there is none or it is not a
 * language (`*`, `x-…`, `i-…`). Two or three letters, lower-case, as the column's CHECK wants.
 */
export function primaryLanguage(ranges: readonly string[]): string | null {
  const first = ranges[0];
  if (first === undefined) return null;
  const primary = first.split('-')[0]?.toLowerCase() ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : null;
}
