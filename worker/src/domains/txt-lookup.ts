import { Resolver } from 'node:dns/promises';

/** What a TXT query of one name found: its records (chunks joined), none, or a failure to ask. */
export type TxtAnswer =
  { kind: 'records'; values: string[] } | { kind: 'none' } | { kind: 'error'; code: string };

export type TxtLookup = (name: string) => Promise<TxtAnswer>;

const NO_RECORD_CODES = new Set(['ENOTFOUND', 'ENODATA']);

function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code;
  return 'UNKNOWN';
}

/**
 * TXT lookups through the system resolvers, or `servers` (`ip` or `ip:port`) when given — the
 * tests point it at a real DNS server on loopback.
 */
export function createTxtLookup(servers: readonly string[] = []): TxtLookup {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      const records = await resolver.resolveTxt(name);
      return records.length === 0
        ? { kind: 'none' }
        : { kind: 'records', values: records.map((chunks) => chunks.join('')) };
    } catch (error) {
      const code = errorCode(error);
      return NO_RECORD_CODES.has(code) ? { kind: 'none' } : { kind: 'error', code };
    }
  };
}
