import { publicAddress } from '@linkhub/shared/url/public-address';

/**
 * The scheme and host a page's absolute addresses use (D-601: canonical link, `og:url`, card and
 * icon URLs): `https://{host}` for every production host, whatever proxy terminated TLS in front of
 * the edge; a `localhost` host (the dev stack) keeps the scheme and port the request came in on.
 */
export function pageOrigin(host: string, requestUrl: string, hostHeader: string | undefined): string {
  let local: string | null;
  try {
    const url = new URL(requestUrl);
    local = hostHeader === undefined ? url.origin : new URL(`${url.protocol}//${hostHeader}`).origin;
  } catch {
    local = null;
  }
  return publicAddress(host, '', local).replace(/\/+$/, '');
}
