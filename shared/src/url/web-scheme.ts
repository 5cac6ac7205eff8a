/** `mailto:`, `https:`, `javascript:`… — but not `example.com:8080`, a host and its port. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
/** A host with a dot (and a port), then a path, query, fragment or nothing: `shop.example.com/sale`. */
const LOOKS_LIKE_HOST = /^[^\s/?#@:\\]+\.[^\s/?#@:\\.]{2,}(:\d{1,5})?([/?#]|$)/u;

/**
 * What a person meant by an address typed without its scheme, as Dub and Bitly read it:
 * `example.com/pricing` → `https://example.com/pricing`. Anything else (another scheme, an e-mail
 * address, a bare word) is returned as typed, for the schema to refuse with its own sentence.
 */
export function withWebScheme(input: string): string {
  const text = input.trim();
  if (text === '' || HAS_SCHEME.test(text) || text.startsWith('//')) return input;
  return LOOKS_LIKE_HOST.test(text) ? `https://${text}` : input;
}
