import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { buildDomainRoute, buildRedirectPayload } from '@linkhub/shared/cache/build-payload';
import { writeDomainRoute, writeRedirectPayload } from '@linkhub/shared/server/cache/write-through';
import type { PgLookup } from '../lookup/pg-lookup';

/**
 * The operators' full rebuild: rewrites `rd:` (and `dom:host:`) for every QR code and live
 * link from PostgreSQL, through the same builder and write-through as the commands. Safe to run at
 * any time: a newer cached revision is kept, QR keys get no TTL, a stale miss key is deleted.
 */
export type RebuildReport = { written: number; keptNewer: number; hosts: number };

export async function rebuildRedirectCache(
  pg: PgLookup,
  redis: RedisClient,
  prefix: string,
  pageSize = 500,
): Promise<RebuildReport> {
  const report: RebuildReport = { written: 0, keptNewer: 0, hosts: 0 };
  const hostsDone = new Set<string>();
  let after: { host: string; slug: string } | null = null;
  for (;;) {
    const page = await pg.listAddresses(after, pageSize);
    for (const address of page) {
      const found = await pg.findRedirect(address.host, address.slug);
      if (found.found === 'no_domain') continue;
      if (!hostsDone.has(address.host)) {
        const d = found.domain;
        await writeDomainRoute(
          redis,
          prefix,
          address.host,
          buildDomainRoute(
            { id: d.domain_id, workspace_id: d.workspace_id, is_system: d.is_system, purpose: d.purpose },
            d.workspace,
          ),
        );
        hostsDone.add(address.host);
      }
      if (found.found !== 'resource') continue;
      const payload = buildRedirectPayload({
        host: address.host,
        slug: address.slug,
        workspace: found.workspace,
        qr: found.qr,
        link: found.link,
        experiment: found.experiment,
      });
      const result = await writeRedirectPayload(redis, prefix, address.host, address.slug, payload);
      if (result === 'written') report.written += 1;
      else report.keptNewer += 1;
    }
    const last = page.at(-1);
    if (page.length < pageSize || last === undefined) break;
    after = last;
  }
  report.hosts = hostsDone.size;
  return report;
}
