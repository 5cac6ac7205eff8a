import { Resolver } from 'node:dns/promises';

/** What a CNAME query of one name found: its target (lower-case, no trailing dot), none, or a failure to ask. */
export type CnameAnswer =
  { kind: 'target'; value: string } | { kind: 'none' } | { kind: 'error'; code: string };

export type CnameLookup = (name: string) => Promise<CnameAnswer>;

const NO_RECORD_CODES = new Set(['ENOTFOUND', 'ENODATA']);

/** CNAME lookups through the system resolvers, or `servers` when given (as createTxtLookup). */
export function createCnameLookup(servers: readonly string[] = []): CnameLookup {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      const [target] = await resolver.resolveCname(name);
      return target === undefined
        ? { kind: 'none' }
        : { kind: 'target', value: target.toLowerCase().replace(/\.$/, '') };
    } catch (error) {
      const code =
        typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
          ? error.code
          : 'UNKNOWN';
      return NO_RECORD_CODES.has(code) ? { kind: 'none' } : { kind: 'error', code };
    }
  };
}
