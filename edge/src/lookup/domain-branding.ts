import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { buildDomainRoute } from '@linkhub/shared/cache/build-payload';
import { domainHostKey } from '@linkhub/shared/cache/keys';
import { parseDomainRoute, type Branding, type DomainRoute } from '@linkhub/shared/cache/payload';
import type { PgLookup } from './pg-lookup';

/**
 * The branding of a custom domain's workspace, for the pages the bio path answers on it without a
 * bio page (its root, an unknown path): the cached `dom:host:` route, else PostgreSQL. Null for a
 * host that does not serve (unknown, pending, removed) or a system host; never throws.
 */
export type DomainBranding = (host: string) => Promise<Branding | null>;
/** The same lookup's whole route: also the domain's own answers (root redirect, not-found URL; D-617). */
export type CustomDomainRoute = (host: string) => Promise<DomainRoute | null>;

export function createCustomDomainRoute(deps: {
  redis: RedisClient;
  prefix: string;
  pg: PgLookup;
}): CustomDomainRoute {
  return async (host) => {
    try {
      const raw =
        deps.redis.status === 'ready' ? await deps.redis.get(domainHostKey(deps.prefix, host)) : null;
      const cached = raw === null ? null : parseDomainRoute(raw);
      if (cached !== null) return cached.is_system ? null : cached;
      // No slug is empty: the lookup answers the domain alone.
      const found = await deps.pg.findRedirect(host, '');
      if (found.found === 'no_domain' || found.domain.is_system) return null;
      return buildDomainRoute(
        {
          id: found.domain.domain_id,
          workspace_id: found.domain.workspace_id,
          is_system: found.domain.is_system,
          purpose: found.domain.purpose,
          not_found_url: found.domain.not_found_url,
          root_redirect_url: found.domain.root_redirect_url,
          expired_url: found.domain.expired_url,
        },
        found.domain.workspace,
      );
    } catch {
      return null;
    }
  };
}

export function createDomainBranding(deps: {
  redis: RedisClient;
  prefix: string;
  pg: PgLookup;
}): DomainBranding {
  const routeOf = createCustomDomainRoute(deps);
  return async (host) => (await routeOf(host))?.branding ?? null;
}
