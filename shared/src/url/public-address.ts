/**
 * The address a person can open for a path on one of our hosts. Production hosts are served over
 * HTTPS on the default port. A `localhost` or `*.localhost` host (the dev stack: browsers resolve
 * them to loopback) is served by the local edge, so its address takes the edge's scheme and port
 * (`edgeUrl`, the edge's public URL, e.g. `http://localhost:8787`).
 */
export function publicAddress(host: string, path: string, edgeUrl: string | null): string {
  const tail = path.replace(/^\/+/, '');
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (!local || edgeUrl === null) return `https://${host}/${tail}`;
  let edge: URL;
  try {
    edge = new URL(edgeUrl);
  } catch {
    return `https://${host}/${tail}`;
  }
  return `${edge.protocol}//${host}${edge.port ? `:${edge.port}` : ''}/${tail}`;
}

/** `publicAddress` with the edge's public URL bound: how a service that knows it names its addresses. */
export type AddressOf = (host: string, path: string) => string;

export const addressesVia =
  (edgeUrl: string | null): AddressOf =>
  (host, path) =>
    publicAddress(host, path, edgeUrl);

/** The name of the `<meta>` tag through which sync-server tells the PWA the edge's public URL. */
export const EDGE_URL_META = 'linkhub-edge-url';
