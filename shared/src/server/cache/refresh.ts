import type { RedisClient } from '../redis/client';
import type { CacheRefreshTarget } from '../../jobs/queues';
import {
  buildDomainRoute,
  buildRedirectPayload,
  type DomainCacheRow,
  type RedirectRows,
} from '../../cache/build-payload';
import {
  purgePageSnapshot,
  purgeRootPageSnapshot,
  writePageSnapshot,
  writeRootPageSnapshot,
} from './page-cache';
import { snapshotFromRow } from '../../cache/page-snapshot';
import { PAGE_SQL, ROOT_PAGE_SQL, type PublishedPageRow } from '../../cache/page-sql';
import { REDIRECT_SQL, type RedirectSqlRow } from '../../cache/redirect-sql';
import {
  purgeDomainRoute,
  purgeRedirect,
  QrKeyProtectedError,
  writeDomainRoute,
  writeRedirectPayload,
} from './write-through';

/**
 * Rebuilds the edge's Redis entries from committed PostgreSQL rows, with the same statements and
 * builders as the edge's miss path. Called after commit by the sync commands (write-through), by the
 * worker's cache-refresh job (belt and braces, repair) — one implementation for both.
 *
 * It never writes a miss key, and never deletes a QR-backed key (write-through.ts refuses): when
 * PostgreSQL has nothing at a QR slug, the cached payload is kept and the edge's fallback chain
 * keeps answering.
 *
 * No driver here (shared/src outside db/): callers pass anything with node-postgres' `query`.
 */
export type SqlClient = {
  query: (statement: { name: string; text: string; values: unknown[] }) => Promise<{ rows: object[] }>;
};
export type RefreshIo = { sql: SqlClient; redis: RedisClient; prefix: string };

export type RefreshOutcome = 'written' | 'kept_newer' | 'purged' | 'kept_qr';
export type RefreshReport = Array<{
  target: Exclude<CacheRefreshTarget, { kind: 'resource' }>;
  outcome: RefreshOutcome;
}>;

/** Named statements: each connection plans one once (the worker's refresh jobs and the commands' write-throughs run them all day). */
async function rowsOf<R extends object>(
  sql: SqlClient,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const result = await sql.query({ name, text, values });
  // The statement's select list is the row type (as with node-postgres' query<R>).
  return result.rows as R[];
}

export async function refreshRedirect(io: RefreshIo, host: string, slug: string): Promise<RefreshOutcome> {
  const [row] = await rowsOf<RedirectSqlRow>(io.sql, 'cache_redirect', REDIRECT_SQL, [host, slug]);
  return applyRedirectRow(io, host, slug, row);
}

/** REDIRECT_SQL for many addresses at once: the same joins, one lateral probe per (host, slug). */
const REDIRECT_MANY_SQL = `
SELECT t.ord, r.* FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(host, slug, ord)
LEFT JOIN LATERAL (${REDIRECT_SQL.replaceAll('$1', 't.host').replaceAll('$2', 't.slug')}) r ON true`;

/**
 * `refreshRedirect` for many addresses (a bulk import's write-through): one statement reads them
 * all, then each key is written or purged exactly as one refresh would.
 */
export async function refreshRedirects(
  io: RefreshIo,
  addresses: ReadonlyArray<{ host: string; slug: string }>,
): Promise<RefreshOutcome[]> {
  if (addresses.length === 0) return [];
  const [only] = addresses;
  // One address (a single create or edit): the plain statement, whose plan is the cheaper one.
  if (addresses.length === 1 && only !== undefined) return [await refreshRedirect(io, only.host, only.slug)];
  const found = await rowsOf<RedirectSqlRow & { ord: string }>(
    io.sql,
    'cache_redirect_many',
    REDIRECT_MANY_SQL,
    [addresses.map((a) => a.host), addresses.map((a) => a.slug)],
  );
  const byOrdinal = new Map(found.map((row) => [Number(row.ord), row]));
  return Promise.all(
    addresses.map((a, i) => {
      const row = byOrdinal.get(i + 1);
      return applyRedirectRow(io, a.host, a.slug, row?.domain_id ? row : undefined);
    }),
  );
}

async function applyRedirectRow(
  io: RefreshIo,
  host: string,
  slug: string,
  row: RedirectSqlRow | undefined,
): Promise<RefreshOutcome> {
  if (row?.workspace && (row.qr || row.link))
    return writeRedirectRows(io, {
      host,
      slug,
      workspace: row.workspace,
      qr: row.qr,
      link: row.link,
      experiment: row.experiment,
    });
  // Nothing live at this address (link deleted or moved, domain removed): a plain link's key goes.
  try {
    await purgeRedirect(io.redis, io.prefix, host, slug);
    return 'purged';
  } catch (error) {
    if (error instanceof QrKeyProtectedError) return 'kept_qr';
    throw error;
  }
}

/**
 * The address's key from rows the caller already holds, as REDIRECT_SQL would have read them (a
 * create's INSERT … RETURNING row and its workspace): the same builder and the same guarded write.
 */
export async function writeRedirectRows(
  io: Pick<RefreshIo, 'redis' | 'prefix'>,
  rows: RedirectRows,
): Promise<RefreshOutcome> {
  return writeRedirectPayload(io.redis, io.prefix, rows.host, rows.slug, buildRedirectPayload(rows));
}

const DOMAIN_SQL = `
SELECT d.id, d.workspace_id, d.is_system, d.purpose, d.not_found_url, d.root_redirect_url, d.expired_url,
       CASE WHEN w.id IS NULL THEN NULL ELSE jsonb_build_object('name', w.name, 'holding_page', w.holding_page) END AS workspace
FROM custom_domains d LEFT JOIN workspaces w ON w.id = d.workspace_id
WHERE d.hostname = $1 AND d.deleted_at IS NULL AND d.status = 'verified'`;

type DomainSqlRow = DomainCacheRow & { workspace: { name: string; holding_page: unknown } | null };

/** `dom:host:{host}` from the live, verified domain row; purged when the host does not serve (pending, removed). */
export async function refreshDomain(io: RefreshIo, host: string): Promise<RefreshOutcome> {
  const [row] = await rowsOf<DomainSqlRow>(io.sql, 'cache_domain', DOMAIN_SQL, [host]);
  if (!row) {
    await purgeDomainRoute(io.redis, io.prefix, host);
    return 'purged';
  }
  await writeDomainRoute(io.redis, io.prefix, host, buildDomainRoute(row, row.workspace));
  return 'written';
}

export async function refreshPage(io: RefreshIo, host: string, handle: string): Promise<RefreshOutcome> {
  const [row] = await rowsOf<PublishedPageRow>(io.sql, 'cache_page', PAGE_SQL, [host, handle]);
  const snapshot = row ? snapshotFromRow(row) : null;
  if (!snapshot) {
    await purgePageSnapshot(io.redis, io.prefix, host, handle);
    return 'purged';
  }
  await writePageSnapshot(io.redis, io.prefix, host, handle, snapshot);
  return 'written';
}

export async function refreshRootPage(io: RefreshIo, host: string): Promise<RefreshOutcome> {
  const [row] = await rowsOf<PublishedPageRow>(io.sql, 'cache_root_page', ROOT_PAGE_SQL, [host]);
  const snapshot = row ? snapshotFromRow(row) : null;
  if (!snapshot) {
    await purgeRootPageSnapshot(io.redis, io.prefix, host);
    return 'purged';
  }
  await writeRootPageSnapshot(io.redis, io.prefix, host, snapshot);
  return 'written';
}

/**
 * Every key a resource owns, as address targets. A link also owns the keys of the QR codes pinned
 * to it (their payload carries its routing); a domain or workspace owns everything on it. System
 * hosts are never expanded as a domain (that is the operators' full rebuild).
 */
const RESOURCE_SQL: Record<Extract<CacheRefreshTarget, { kind: 'resource' }>['resource_type'], string> = {
  link: `
SELECT 'redirect' AS kind, d.hostname AS host, l.slug AS name FROM links l JOIN custom_domains d ON d.id = l.domain_id WHERE l.id = $1
UNION ALL
SELECT 'redirect', d.hostname, q.slug FROM qr_codes q JOIN custom_domains d ON d.id = q.domain_id WHERE q.link_id = $1`,
  qr_code: `SELECT 'redirect' AS kind, d.hostname AS host, q.slug AS name FROM qr_codes q JOIN custom_domains d ON d.id = q.domain_id WHERE q.id = $1`,
  bio_page: `
SELECT 'page' AS kind, d.hostname AS host, p.handle AS name FROM bio_pages p JOIN custom_domains d ON d.id = p.domain_id WHERE p.id = $1
UNION ALL
SELECT 'root_page', d.hostname, NULL FROM bio_pages p JOIN custom_domains d ON d.id = p.domain_id AND NOT d.is_system WHERE p.id = $1`,
  domain: `
SELECT 'domain' AS kind, d.hostname AS host, NULL AS name FROM custom_domains d WHERE d.id = $1 AND NOT d.is_system
UNION ALL
SELECT 'root_page', d.hostname, NULL FROM custom_domains d WHERE d.id = $1 AND NOT d.is_system
UNION ALL
SELECT 'redirect', d.hostname, l.slug FROM links l JOIN custom_domains d ON d.id = l.domain_id AND NOT d.is_system WHERE l.domain_id = $1
UNION ALL
SELECT 'redirect', d.hostname, q.slug FROM qr_codes q JOIN custom_domains d ON d.id = q.domain_id AND NOT d.is_system WHERE q.domain_id = $1
UNION ALL
SELECT 'page', d.hostname, p.handle FROM bio_pages p JOIN custom_domains d ON d.id = p.domain_id AND NOT d.is_system WHERE p.domain_id = $1`,
  workspace: `
SELECT 'redirect' AS kind, d.hostname AS host, l.slug AS name FROM links l JOIN custom_domains d ON d.id = l.domain_id WHERE l.workspace_id = $1
UNION ALL
SELECT 'redirect', d.hostname, q.slug FROM qr_codes q JOIN custom_domains d ON d.id = q.domain_id WHERE q.workspace_id = $1
UNION ALL
SELECT 'page', d.hostname, p.handle FROM bio_pages p JOIN custom_domains d ON d.id = p.domain_id WHERE p.workspace_id = $1
UNION ALL
SELECT 'domain', d.hostname, NULL FROM custom_domains d WHERE d.workspace_id = $1
UNION ALL
SELECT 'root_page', d.hostname, NULL FROM custom_domains d WHERE d.workspace_id = $1`,
};

type ResourceRow = { kind: 'redirect' | 'page' | 'domain' | 'root_page'; host: string; name: string | null };
type KeyTarget = RefreshReport[number]['target'];

function keyTargetOf(row: ResourceRow): KeyTarget | null {
  if (row.kind === 'domain' || row.kind === 'root_page') return { kind: row.kind, host: row.host };
  if (row.name === null) return null;
  return row.kind === 'redirect'
    ? { kind: 'redirect', host: row.host, slug: row.name }
    : { kind: 'page', host: row.host, handle: row.name };
}

export async function expandTarget(io: RefreshIo, target: CacheRefreshTarget): Promise<KeyTarget[]> {
  if (target.kind !== 'resource') return [target];
  const rows = await rowsOf<ResourceRow>(
    io.sql,
    `cache_resource_${target.resource_type}`,
    RESOURCE_SQL[target.resource_type],
    [target.id],
  );
  const seen = new Set<string>();
  return rows.flatMap((row) => {
    const key = keyTargetOf(row);
    const id = JSON.stringify(key);
    if (key === null || seen.has(id)) return [];
    seen.add(id);
    return [key];
  });
}

async function refreshKey(io: RefreshIo, target: KeyTarget): Promise<RefreshOutcome> {
  switch (target.kind) {
    case 'redirect':
      return refreshRedirect(io, target.host, target.slug);
    case 'domain':
      return refreshDomain(io, target.host);
    case 'page':
      return refreshPage(io, target.host, target.handle);
    case 'root_page':
      return refreshRootPage(io, target.host);
  }
}

/** Rebuilds one key, or every key of a resource, one after another (a failure stops the job so it retries). */
export async function refreshCache(io: RefreshIo, target: CacheRefreshTarget): Promise<RefreshReport> {
  const report: RefreshReport = [];
  for (const key of await expandTarget(io, target))
    report.push({ target: key, outcome: await refreshKey(io, key) });
  return report;
}
