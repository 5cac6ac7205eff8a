import { BoundedMemo } from '../cache/bounded-memo';

/** Schemes the edge may put in a Location header: web pages, and the phone/mail/SMS targets QR codes use. */
const REDIRECT_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:', 'sms:']);

/** Answers by URL: a redirect asks about the same few destinations on every visit (one URL parse each, not one per visit). */
const answers = new BoundedMemo<string, boolean>(2000);

/** True when `url` is absolute and its scheme is safe to redirect to (never javascript:, data:, file:…). */
export function isRedirectableUrl(url: string): boolean {
  let answer = answers.get(url);
  if (answer === undefined) {
    answer = schemeIsRedirectable(url);
    answers.set(url, answer);
  }
  return answer;
}

function schemeIsRedirectable(url: string): boolean {
  try {
    return REDIRECT_SCHEMES.has(new URL(url).protocol);
  } catch {
    return false;
  }
}
