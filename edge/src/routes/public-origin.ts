/**
 * The origin a visitor reached this host at, for absolute addresses in what the edge serves (a
 * card's og:image, a sitemap's URLs): production hosts are HTTPS on the default port; a
 * `localhost` / `*.localhost` host is the dev stack, reached over HTTP at the port it was sent with.
 */
export function publicOrigin(host: string, sentHost: string | undefined): string {
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (!local) return `https://${host}`;
  const port = sentHost === undefined ? null : /:(\d{1,5})$/.exec(sentHost)?.[1];
  return `http://${host}${port === undefined || port === null ? '' : `:${port}`}`;
}
