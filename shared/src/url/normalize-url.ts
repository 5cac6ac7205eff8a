/**
 * The one URL normaliser ("normalise once, at the door", ARCHITECTURE.md#rules-that-hold-at-every-door): a destination is parsed and
 * serialised by the WHATWG URL rules, so an IDN host becomes punycode and the path, query and
 * fragment are percent-encoded. The result is printable ASCII, which every HTTP header accepts.
 */

/** Printable ASCII only: what Node's header validation accepts without any doubt (no controls, nothing above U+007E). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function isPrintableAscii(value: string): boolean {
  return PRINTABLE_ASCII.test(value);
}

/** Scheme and authority only, nothing after the host: `https://example.com`. */
const AUTHORITY_ONLY = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*$/i;

/**
 * The WHATWG serialisation of an absolute URL, or null when `input` is not one. One liberty: an
 * address typed without a path keeps it that way (`https://example.com`, not `…com/`), which
 * every client reads the same and is what the user typed.
 */
export function normalizeUrl(input: string): string | null {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  const serialised = url.href;
  const href =
    AUTHORITY_ONLY.test(trimmed) && url.pathname === '/' && serialised.endsWith('/')
      ? serialised.slice(0, -1)
      : serialised;
  // Serialisation percent-encodes everything outside ASCII; this holds for any scheme, but a header is no place to trust it.
  return isPrintableAscii(href) ? href : null;
}
