import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { buildDomainRoute } from '@linkhub/shared/cache/build-payload';
import { domainHostKey } from '@linkhub/shared/cache/keys';
import { parseDomainRoute, type Branding } from '@linkhub/shared/cache/payload';
import type { PgLookup } from './pg-lookup';

/**
 * The branding of a custom domain's workspace, for the pages the bio path answers on it without a
 * bio page (its root, an unknown path): the cached `dom:host:` route, else PostgreSQL. Null for a
 * host that does not serve (unknown, pending, removed) or a system host; never throws.
 */
export type DomainBranding = (host: string) => Promise<Branding | null>;

export function createDomainBranding(deps: {
  redis: RedisClient;
  prefix: string;
  pg: PgLookup;
}): DomainBranding {
  return async (host) => {
    try {
      const raw =
        deps.redis.status === 'ready' ? await deps.redis.get(domainHostKey(deps.prefix, host)) : null;
      const cached = raw === null ? null : parseDomainRoute(raw);
      if (cached !== null) return cached.is_system ? null : cached.branding;
      // No slug is empty: the lookup answers the domain alone.
      const found = await deps.pg.findRedirect(host, '');
      if (found.found === 'no_domain' || found.domain.is_system) return null;
      return buildDomainRoute(
        {
          id: found.domain.domain_id,
          workspace_id: found.domain.workspace_id,
          is_system: found.domain.is_system,
          purpose: found.domain.purpose,
        },
        found.domain.workspace,
      ).branding;
    } catch {
      return null;
    }
  };
}
