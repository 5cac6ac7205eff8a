/**
 * The one URL normaliser (DESIGN §11 "Normalise once, at the door"): a destination is parsed and
 * serialised by the WHATWG URL rules, so an IDN host becomes punycode and the path, query and
 * fragment are percent-encoded. The result is printable ASCII, which every HTTP header accepts.
 */

/** Printable ASCII only: what Node's header validation accepts without any doubt (no controls, nothing above U+007E). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function isPrintableAscii(value: string): boolean {
  return PRINTABLE_ASCII.test(value);
}

/** The WHATWG serialisation of an absolute URL, or null when `input` is not one. */
export function normalizeUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  const href = url.href;
  // Serialisation percent-encodes everything outside ASCII; this holds for any scheme, but a header is no place to trust it.
  return isPrintableAscii(href) ? href : null;
}
