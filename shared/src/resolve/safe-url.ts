/** Schemes the edge may put in a Location header: web pages, and the phone/mail/SMS targets QR codes use. */
const REDIRECT_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:', 'sms:']);

/** True when `url` is absolute and its scheme is safe to redirect to (never javascript:, data:, file:…). */
export function isRedirectableUrl(url: string): boolean {
  try {
    return REDIRECT_SCHEMES.has(new URL(url).protocol);
  } catch {
    return false;
  }
}
