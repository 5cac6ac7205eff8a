import { isIP } from 'node:net';
import type { ResolveHost } from '../../kernel/destination-safety';

/** DNS questions in flight at once (the resolver's own timeout bounds each). */
const DNS_CONCURRENCY = 16;

/**
 * The destination-safety check resolves each destination host inside the command's transaction
 * (a bulk request: one item after another), holding its connection while DNS answers. The resolver
 * remembers answers, so asking for every distinct host first, several at once and before the
 * transaction, keeps DNS out of it and turns a hundred serial lookups into a few parallel ones.
 * Failures are the check's to judge.
 */
export async function warmDestinationDns(resolveHost: ResolveHost, urls: readonly string[]): Promise<void> {
  const hosts = [...new Set(urls.flatMap((url) => hostOf(url)))];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < hosts.length) {
      const host = hosts[next++];
      if (host !== undefined) await resolveHost(host).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DNS_CONCURRENCY, hosts.length) }, worker));
}

function hostOf(url: string): string[] {
  let host: string;
  try {
    host = new URL(url).hostname
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '')
      .toLowerCase();
  } catch {
    return [];
  }
  return host === '' || isIP(host) !== 0 ? [] : [host];
}
