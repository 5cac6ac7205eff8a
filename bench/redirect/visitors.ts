import { FORWARDED_FOR_HEADER } from '@linkhub/shared/server/analytics/client-ip';
import { VISITOR_USER_AGENTS } from './wrk';

/**
 * The visitor mix of `visitorMixScript` (wrk.ts) as request headers, for load made from Node: a
 * different client IP each (the same linear congruential walk, some IPv6), ~20 User-Agents in turn,
 * Accept-Language, a Referer on every third.
 */
export function visitorHeaders(count: number): Array<Record<string, string>> {
  const langs = [
    'en-US,en;q=0.9',
    'de-DE,de;q=0.9,en;q=0.8',
    'fr-FR,fr;q=0.9',
    'es-ES,es;q=0.9',
    'pt-BR,pt;q=0.9,en;q=0.7',
    'ja-JP,ja;q=0.9',
  ];
  const referers = ['https://www.instagram.com/', 'https://t.co/abc', 'https://www.google.com/'];
  const all: Array<Record<string, string>> = [];
  let x = 12345;
  for (let i = 1; i <= count; i += 1) {
    x = (x * 69069 + 1) % 4294967296;
    let a = 1 + (Math.floor(x / 16777216) % 222);
    if (a === 10 || a === 127) a += 1;
    const ip =
      i % 16 === 0
        ? `2a02:${(Math.floor(x / 256) % 65536).toString(16)}:${(x % 65536).toString(16)}::${i.toString(16)}`
        : `${a}.${Math.floor(x / 65536) % 256}.${Math.floor(x / 256) % 256}.${x % 256}`;
    const headers: Record<string, string> = {
      [FORWARDED_FOR_HEADER.toLowerCase()]: ip,
      'user-agent': VISITOR_USER_AGENTS[i % VISITOR_USER_AGENTS.length] ?? '',
      'accept-language': langs[i % langs.length] ?? '',
    };
    const referer = referers[i % referers.length];
    if (i % 3 === 0 && referer !== undefined) headers.referer = referer;
    all.push(headers);
  }
  return all;
}
