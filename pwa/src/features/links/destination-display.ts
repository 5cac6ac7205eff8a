import { detectHomograph } from '@linkhub/shared/url/homograph';

/**
 * Destinations as the editor shows them: stored values are WHATWG-serialised (punycode host,
 * percent-encoded path), shown in their Unicode form (`displayUrl`, shared), and a host that could
 * pass for another (mixed alphabets, Cyrillic look-alikes, folded characters) needs the user's
 * explicit yes before it is saved.
 */
export { displayUrl } from '@linkhub/shared/url/display-url';

/** The host (as shown) of a destination that needs confirming, else null. */
export function lookalikeHostOf(url: string): string | null {
  const check = detectHomograph(url);
  return check.needsConfirmation ? (check.displayHost ?? check.asciiHost) : null;
}
