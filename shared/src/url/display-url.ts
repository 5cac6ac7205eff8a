import { normalizeUrl } from './normalize-url';
import { detectHomograph } from './homograph';
import { hostToUnicode } from './punycode-decode';

/**
 * The form of a stored (normalised) URL to show a person: the host in Unicode and percent-encoded
 * UTF-8 in the path, query and fragment decoded where it spells letters, digits, marks, punctuation
 * or symbols. Spaces, controls, format characters (bidi overrides among them) and reserved ASCII
 * stay encoded, so what is shown never reads differently from where it leads. For the same reason a
 * host that could pass for another (`аррӏе.com` in Cyrillic) is shown in its ASCII form
 * (`xn--80ak6aa92e.com`), as browsers show it.
 */

const SHOWN = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function encodeChar(char: string): string {
  return [...new TextEncoder().encode(char)]
    .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
}

function decodeRun(run: string): string {
  const bytes = new Uint8Array(run.length / 3);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return run;
  }
  return [...text]
    .map((char) => ((char.codePointAt(0) ?? 0) >= 0x80 && SHOWN.test(char) ? char : encodeChar(char)))
    .join('');
}

function decodeReadable(part: string): string {
  return part.replace(PERCENT_RUN, (run) => decodeRun(run));
}

/** The Unicode display form of `value`; a value that is not an absolute URL is returned unchanged. */
export function displayUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  const href = normalizeUrl(value) ?? url.href;
  if (url.host === '') return decodeReadable(href);
  const hostAt = href.indexOf(url.host, url.protocol.length);
  if (hostAt === -1) return decodeReadable(href);
  const before = href.slice(0, hostAt);
  const after = href.slice(hostAt + url.host.length);
  return before + shownHost(url.host, href) + decodeReadable(after);
}

function shownHost(host: string, href: string): string {
  const lookalike = host.includes('xn--') && detectHomograph(href).needsConfirmation;
  return lookalike ? host : hostToUnicode(host);
}

/** A host name as people are shown it: in Unicode, unless it could pass for another (then ASCII, as browsers do). */
export function displayHost(host: string): string {
  return shownHost(host, `https://${host}/`);
}

/** An address as people are shown it: its domain as `displayHost` shows hosts (`info@müller.de`). */
export function displayEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? email : `${email.slice(0, at)}@${displayHost(email.slice(at + 1))}`;
}
