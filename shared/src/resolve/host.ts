/**
 * Host and slug canonical forms, used for every cache key and lookup: the host lower-case, punycode,
 * without port or trailing dot; the slug lower-case (QR codes encode slugs upper-case, docs/product-rules.md#qr-codes).
 */
/**
 * Text PostgreSQL cannot store or compare (NUL, other controls, lone surrogates): visitor input
 * holding it is refused before any lookup, never sent to the database.
 */
const CONTROL = /\p{Cc}/u;
/** With the `u` flag a paired surrogate is one code point, so only a lone one matches. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;
export function isLookupSafe(text: string): boolean {
  return !CONTROL.test(text) && !LONE_SURROGATE.test(text);
}

export function canonicalHost(raw: string): string | null {
  if (!isLookupSafe(raw)) return null;
  const trimmed = raw.trim().toLowerCase();
  if (trimmed === '' || trimmed.length > 300) return null;
  const withoutPort = trimmed.startsWith('[') ? trimmed : trimmed.replace(/:\d{1,5}$/, '');
  const withoutDot = withoutPort.replace(/\.$/, '');
  let hostname: string;
  try {
    hostname = new URL(`http://${withoutDot}/`).hostname;
  } catch {
    return null;
  }
  if (hostname === '' || hostname.length > 253 || !isLookupSafe(hostname)) return null;
  return hostname;
}

/** A slug is one path segment of 1–100 characters; returns it decoded and lower-cased, or null. */
export function canonicalSlug(rawSegment: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawSegment);
  } catch {
    return null;
  }
  if (decoded.length < 1 || decoded.length > 100 || /[/?#\s]/.test(decoded) || !isLookupSafe(decoded))
    return null;
  return decoded.toLowerCase();
}
