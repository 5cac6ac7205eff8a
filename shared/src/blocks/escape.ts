/**
 * The one HTML escape of the bio renderer. Every piece of user text and every attribute value
 * goes through `escapeHtml`; attributes are always double-quoted, so escaping the five
 * characters below makes text safe both between tags and inside attribute values.
 */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const SPECIAL = /[&<>"']/g;

export function escapeHtml(value: string): string {
  return value.replace(SPECIAL, (ch) => ENTITIES[ch] ?? ch);
}

/** Schemes that open the visitor's own mail or phone app: they reach no server. */
const APP_SCHEMES: readonly string[] = ['mailto:', 'tel:'];
/** Schemes a visitor may be sent to through the click hop. Anything else (javascript:, data:…) is refused. */
const NAVIGABLE_SCHEMES: readonly string[] = ['http:', 'https:', ...APP_SCHEMES];

function hasScheme(url: string, schemes: readonly string[]): boolean {
  try {
    return schemes.includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** True when `url` parses and its scheme is one a browser may safely navigate to. */
export function isNavigableUrl(url: string): boolean {
  return hasScheme(url, NAVIGABLE_SCHEMES);
}

/** True for a `mailto:` or `tel:` address (a "Mail us" icon, a "Call us" button). */
export function opensVisitorApp(url: string): boolean {
  return hasScheme(url.trim(), APP_SCHEMES);
}
