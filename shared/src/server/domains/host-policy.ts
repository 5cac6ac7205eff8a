import { domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import { isSystemHostName } from '../../schemas/domains';

/**
 * Which host names a workspace may claim as a custom domain (D-490), beyond the shape the hostname
 * schema checks. Server-only (the Public Suffix List comes from `tldts`, the IDN decoding from Node).
 * A refusal names its reason so the editor and the API can say what to do instead.
 */
export type HostRefusal = {
  readonly issue: 'public_suffix' | 'reserved_name' | 'ip_address' | 'system_lookalike';
  readonly message: string;
};

/** Special-use names (RFC 6761, RFC 2606, `.internal`): never reachable on the public internet. */
const RESERVED_TLDS = ['localhost', 'local', 'test', 'example', 'invalid', 'internal'] as const;

/**
 * Characters that look like ASCII letters, mapped to the letter they imitate: the Latin-script
 * look-alikes of Unicode's confusables table (Cyrillic, Greek, Armenian, full-width and accented
 * forms) plus the ASCII digit and ligature look-alikes. Enough to compare against a handful of
 * system hosts; not a general UTS #39 implementation.
 */
const LOOKALIKES: ReadonlyArray<readonly [string, string]> = [
  ['a', 'аɑαàáâãäåạ'],
  ['b', 'ЬьƄḃ'],
  ['c', 'сϲçċ'],
  ['d', 'ԁɗḋ'],
  ['e', 'еҽėéèêëẹ'],
  ['g', 'ġɡց'],
  ['h', 'һḣ'],
  ['i', 'іıιíìîïị'],
  ['j', 'јϳ'],
  ['k', 'κкķ'],
  ['l', '1ӏǀłŀḷ'],
  ['m', 'ṁм'],
  ['n', 'ոńñṅη'],
  ['o', 'оοօ0óòôõöọø'],
  ['p', 'рρṗ'],
  ['q', 'ԛ'],
  ['r', 'гṙ'],
  ['s', 'ѕśṡ'],
  ['t', 'тṫ'],
  ['u', 'υսüúùûụ'],
  ['v', 'νѵ'],
  ['w', 'ԝẁẃẅ'],
  ['x', 'хχ'],
  ['y', 'уýÿỵ'],
  ['z', 'żźẓ'],
];
const CONFUSABLES: ReadonlyMap<string, string> = new Map(
  LOOKALIKES.flatMap(([letter, alikes]) => [...alikes].map((ch) => [ch, letter] as const)),
);

/** What a host looks like to a reader: Unicode labels, look-alikes folded to ASCII, `rn` read as `m`. */
export function confusableSkeleton(host: string): string {
  const unicode = domainToUnicode(host) || host;
  let out = '';
  for (const ch of unicode.normalize('NFKC').toLowerCase()) out += CONFUSABLES.get(ch) ?? ch;
  return out.replace(/rn/g, 'm').replace(/vv/g, 'w');
}

const looksLikeIp = (host: string): boolean =>
  /^[\d.]+$/.test(host) || host.includes(':') || /^\[.*\]$/.test(host);

/**
 * Why `host` (lower-case ASCII, as the hostname schema leaves it) cannot be a custom domain, or
 * null when it may be claimed. The system hosts themselves and their subdomains are refused by the
 * caller (an older, separately worded rule); this adds everything a look-alike or suffix could abuse.
 */
export function customHostRefusal(host: string, systemHosts: readonly string[]): HostRefusal | null {
  if (looksLikeIp(host)) return { issue: 'ip_address', message: 'Connect a domain name, not an IP address.' };
  const labels = host.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if ((RESERVED_TLDS as readonly string[]).includes(tld))
    return {
      issue: 'reserved_name',
      message: `.${tld} names are reserved and never reachable on the internet: connect a domain you registered.`,
    };
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp === true)
    return { issue: 'ip_address', message: 'Connect a domain name, not an IP address.' };
  if (parsed.domain === null || parsed.publicSuffix === host)
    return {
      issue: 'public_suffix',
      message: `${host} is a public suffix (anyone can register names under it): connect a name you own, such as links.yourbrand.${host}.`,
    };
  const skeleton = confusableSkeleton(host);
  for (const system of systemHosts) {
    const systemSkeleton = confusableSkeleton(system);
    if (
      host !== system &&
      (skeleton === systemSkeleton || skeleton.endsWith(`.${systemSkeleton}`)) &&
      !isSystemHostName(host, systemHosts)
    )
      return {
        issue: 'system_lookalike',
        message: `${domainToUnicode(host) || host} looks like LinkHub's own ${system}: connect a domain of your own.`,
      };
  }
  return null;
}
