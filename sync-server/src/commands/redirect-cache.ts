import type pg from 'pg';
import type { Redis } from 'ioredis';
import { REDIRECT_SQL, type RedirectSqlRow } from '@linkhub/shared/cache/redirect-sql';
import { buildRedirectPayload } from '@linkhub/shared/cache/build-payload';
import { writeRedirectPayload } from '@linkhub/shared/cache/write-through';
import { pageKey } from '@linkhub/shared/cache/keys';
import type { CommandContext } from './types';

export type CacheDeps = {
  pool: pg.Pool;
  redis: Redis;
  prefix: string;
  /** Hands a failed write-through to the worker's cache-refresh job, so staleness stays bounded. */
  repair: (job: { kind: 'link' | 'qr' | 'page' | 'domain'; host: string; key: string }) => Promise<void>;
};

/** Rebuild the edge's payload for (host, slug) from committed rows: the same query and builder as the edge's miss path. */
export async function refreshRedirect(deps: CacheDeps, host: string, slug: string): Promise<void> {
  const { rows } = await deps.pool.query<RedirectSqlRow>(REDIRECT_SQL, [host, slug]);
  const row = rows[0];
  if (!row?.workspace || (!row.qr && !row.link)) return;
  const payload = buildRedirectPayload({
    host,
    slug,
    workspace: row.workspace,
    qr: row.qr,
    link: row.link,
    experiment: row.experiment,
  });
  await writeRedirectPayload(deps.redis, deps.prefix, host, slug, payload);
}

export async function purgePage(deps: CacheDeps, host: string, handle: string): Promise<void> {
  await deps.redis.del(pageKey(deps.prefix, host, handle));
}

/** Post-commit write-through of a link's or QR code's address (DESIGN §5 step 5). */
export function scheduleRedirectRefresh(
  ctx: CommandContext,
  cache: CacheDeps,
  host: string,
  slug: string,
): void {
  ctx.effects.writeCache(`rd:${host}:${slug}`, async () => {
    try {
      await refreshRedirect(cache, host, slug);
    } catch (error) {
      await cache.repair({ kind: 'link', host, key: slug });
      throw error;
    }
  });
}
