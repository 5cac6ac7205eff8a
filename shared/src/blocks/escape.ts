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

/** Schemes a visitor may be sent to through the click hop. Anything else (javascript:, data:…) is refused. */
const NAVIGABLE_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'] as const;

/** True when `url` parses and its scheme is one a browser may safely navigate to. */
export function isNavigableUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (NAVIGABLE_SCHEMES as readonly string[]).includes(parsed.protocol);
  } catch {
    return false;
  }
}
