/**
 * The Redis Cluster form of a role URL (DECISIONS D-360):
 * `redis+cluster://[user:password@]host:port[,host:port…]` (`rediss+cluster://` for TLS).
 * The hosts are seed nodes: the client learns the rest of the cluster from them. Any other URL is a
 * single Redis, read by ioredis itself.
 */
export type ClusterSeed = { readonly host: string; readonly port: number };

export type ClusterUrl = {
  readonly seeds: readonly ClusterSeed[];
  readonly username: string | undefined;
  readonly password: string | undefined;
  readonly tls: boolean;
};

const SCHEME = /^(rediss?)\+cluster:\/\/(.*)$/;

export function isClusterUrl(url: string): boolean {
  return SCHEME.test(url);
}

function decoded(value: string): string | undefined {
  return value === '' ? undefined : decodeURIComponent(value);
}

/** The seeds and credentials of a cluster URL, or null when `url` is not one or is malformed. */
export function parseClusterUrl(url: string): ClusterUrl | null {
  const match = SCHEME.exec(url);
  if (match === null) return null;
  const [, scheme = 'redis', rest = ''] = match;
  const authority = rest.replace(/\/.*$/, '');
  const at = authority.lastIndexOf('@');
  const credentials = at === -1 ? '' : authority.slice(0, at);
  const hostList = at === -1 ? authority : authority.slice(at + 1);
  const seeds: ClusterSeed[] = [];
  for (const entry of hostList.split(',')) {
    // One seed parsed by the WHATWG rules (IPv6 in brackets, a port 1-65535).
    const probe = URL.canParse(`redis://${entry}`) ? new URL(`redis://${entry}`) : null;
    if (
      probe === null ||
      probe.hostname === '' ||
      probe.port === '' ||
      `${probe.host}` !== entry.toLowerCase()
    )
      return null;
    seeds.push({ host: probe.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(probe.port) });
  }
  const colon = credentials.indexOf(':');
  const username = colon === -1 ? credentials : credentials.slice(0, colon);
  const password = colon === -1 ? '' : credentials.slice(colon + 1);
  try {
    return { seeds, username: decoded(username), password: decoded(password), tls: scheme === 'rediss' };
  } catch {
    return null; // a malformed %-escape in the credentials
  }
}
