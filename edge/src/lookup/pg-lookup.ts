import pg from 'pg';
import type { DatabaseTargets, PreparedStatementMode } from '@linkhub/shared/config/database';
import { isLookupSafe } from '@linkhub/shared/resolve/host';
import type { ExperimentRow, LinkRow, QrRow, WorkspaceRow } from '@linkhub/shared/cache/build-payload';
// The miss-path statement is shared with the sync commands' write-through, so both read the same rows.
import { REDIRECT_SQL, type RedirectSqlRow } from '@linkhub/shared/cache/redirect-sql';
import { PAGE_SQL, ROOT_PAGE_SQL, type PublishedPageRow } from '@linkhub/shared/cache/page-sql';

/**
 * The edge's only PostgreSQL access: read-only, bare `pg`, one indexed query per question (docs/product-rules.md#the-redirect,
 * DECISIONS "Edge miss path uses bare pg in one file"). Every query goes through `run`, which counts
 * it, so tests can assert the miss path costs exactly one query. Each statement is named, so each
 * connection plans it once: planning was most of a miss's PostgreSQL CPU; behind a
 * pooler that cannot keep names they are sent unnamed (`preparedStatements`, D-352). The miss
 * path's three reads go to the read pool (DATABASE_READ_URL, D-353); the slug filter's sources,
 * certificates and the health ping read the primary, where a slug or certificate just written is.
 */

export type DomainFacts = {
  domain_id: string;
  workspace_id: string | null;
  is_system: boolean;
  purpose: 'links' | 'bio' | 'all';
  /** The domain's own answers (D-617, D-616). */
  not_found_url?: string | null;
  root_redirect_url?: string | null;
  expired_url?: string | null;
  /** The domain's workspace (custom domains), for the branded 404. */
  workspace: { name: string; holding_page: unknown } | null;
};

export type RedirectLookup =
  | { found: 'no_domain' }
  | { found: 'nothing'; domain: DomainFacts }
  | {
      found: 'resource';
      domain: DomainFacts;
      workspace: WorkspaceRow;
      qr: QrRow | null;
      link: LinkRow | null;
      experiment: ExperimentRow | null;
    };

export type { PublishedPageRow };

export interface PgLookup {
  findRedirect(host: string, slug: string): Promise<RedirectLookup>;
  findPublishedPage(host: string, handle: string): Promise<PublishedPageRow | null>;
  findRootPage(host: string): Promise<PublishedPageRow | null>;
  ping(): Promise<void>;
  /** Every live address (QR codes and links on verified domains), a page at a time, ordered by (host, slug). */
  listAddresses(
    after: { host: string; slug: string } | null,
    limit: number,
  ): Promise<Array<{ host: string; slug: string }>>;
  /** About how many rows the slug filter will read (the planner's row estimates; 0 before the first ANALYZE). */
  estimateTakenSlugs(): Promise<number>;
  /** The domains that serve (verified, not deleted) with their hosts: what the slug filter covers. */
  listServingDomains(): Promise<Array<{ id: string; hostname: string }>>;
  /** What a host serves and its published bio pages, for its robots.txt and sitemap.xml (D-629); null: no such host. */
  findCrawlingFacts(host: string): Promise<CrawlingFacts | null>;
  /** Every slug taken in one table (deleted links too), a page at a time by (domain_id, slug): the slug filter's source. */
  listTakenSlugs(
    source: SlugSource,
    after: SlugCursor | null,
    limit: number,
  ): Promise<Array<{ domain_id: string; slug: string }>>;
  /** The active certificate of a serving custom domain (chain and key still sealed), for TLS (edge/src/tls). */
  findCertificate(host: string): Promise<SealedCertificate | null>;
  /** Queries run so far (tests). */
  readonly queryCount: number;
  close(): Promise<void>;
}

/** Keyset-paginated list of every (host, slug) that has a payload: QR codes (all, forever) and live links. */
const ADDRESSES_SQL = `
SELECT host, slug FROM (
  SELECT d.hostname AS host, q.slug FROM qr_codes q JOIN custom_domains d ON d.id = q.domain_id
  WHERE d.deleted_at IS NULL AND d.status = 'verified'
  UNION
  SELECT d.hostname AS host, l.slug FROM links l JOIN custom_domains d ON d.id = l.domain_id
  WHERE l.deleted_at IS NULL AND d.deleted_at IS NULL AND d.status = 'verified'
) a
WHERE ($1::text IS NULL OR (host, slug) > ($1::text, $2::text))
ORDER BY host, slug LIMIT $3`;

/** The tables whose rows make a slug exist or stay reserved: links, QR codes, and the QR reservations kept forever. */
export const SLUG_SOURCES = ['links', 'qr_codes', 'qr_slug_reservations'] as const;
export type SlugSource = (typeof SLUG_SOURCES)[number];
export type SlugCursor = { domain_id: string; slug: string };

/** Keyset pages over each table's unique (domain_id, slug) index; the nil UUID starts before every row. */
const TAKEN_SLUGS_SQL: Record<SlugSource, string> = {
  links:
    'SELECT domain_id, slug FROM links WHERE (domain_id, slug) > ($1::uuid, $2::text) ORDER BY domain_id, slug LIMIT $3',
  qr_codes:
    'SELECT domain_id, slug FROM qr_codes WHERE (domain_id, slug) > ($1::uuid, $2::text) ORDER BY domain_id, slug LIMIT $3',
  qr_slug_reservations:
    'SELECT domain_id, slug FROM qr_slug_reservations WHERE (domain_id, slug) > ($1::uuid, $2::text) ORDER BY domain_id, slug LIMIT $3',
};
const NIL_CURSOR: SlugCursor = { domain_id: '00000000-0000-0000-0000-000000000000', slug: '' };

const TAKEN_ESTIMATE_SQL = `SELECT COALESCE(sum(GREATEST(reltuples, 0)), 0)::float8 AS n FROM pg_class
WHERE oid IN ('links'::regclass, 'qr_codes'::regclass, 'qr_slug_reservations'::regclass)`;

const SERVING_DOMAINS_SQL = `SELECT id, hostname FROM custom_domains WHERE deleted_at IS NULL AND status = 'verified'`;

/** At most this many pages in one sitemap (the protocol's limit per file). */
const SITEMAP_MAX_PAGES = 50_000;
const CRAWLING_SQL = `
SELECT d.purpose, d.root_handle,
       COALESCE((SELECT jsonb_agg(jsonb_build_object('handle', p.handle, 'published_at', p.published_at) ORDER BY p.handle)
                   FROM (SELECT p.handle, p.published_at FROM bio_pages p
                           JOIN workspaces w ON w.id = p.workspace_id AND w.deleted_at IS NULL
                          WHERE p.domain_id = d.id AND p.deleted_at IS NULL AND p.archived_at IS NULL
                            AND p.published_snapshot IS NOT NULL
                          ORDER BY p.handle LIMIT ${SITEMAP_MAX_PAGES}) p), '[]'::jsonb) AS pages
  FROM custom_domains d
 WHERE d.hostname = $1 AND d.deleted_at IS NULL AND d.status = 'verified'`;
export type CrawlingFacts = {
  purpose: 'links' | 'bio' | 'all';
  root_handle: string | null;
  pages: Array<{ handle: string; published_at: string }>;
};

export type SealedCertificate = { certificate_sealed: string; private_key_sealed: string; not_after: Date };

/** A lapsed domain (re-check failing) keeps its certificate: it keeps serving. */
const CERTIFICATE_SQL = `
SELECT c.certificate_sealed, c.private_key_sealed, c.not_after
FROM custom_domains d JOIN domain_certificates c ON c.domain_id = d.id AND c.status = 'active'
WHERE d.hostname = $1 AND d.deleted_at IS NULL AND d.status = 'verified' AND NOT d.is_system AND c.not_after > now()`;

export type PgLookupOptions = {
  connectionString: string;
  max?: number;
  /** A read replica for the miss path (default: the primary's pool). */
  read?: { connectionString: string; max: number };
  preparedStatements?: PreparedStatementMode;
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
};

/** The edge's options from its DATABASE_* settings. */
export function pgLookupOptions(targets: DatabaseTargets): PgLookupOptions {
  return {
    connectionString: targets.primary.url,
    max: targets.primary.max,
    ...(targets.separateRead ? { read: { connectionString: targets.read.url, max: targets.read.max } } : {}),
    preparedStatements: targets.preparedStatements,
  };
}

function openPool(options: PgLookupOptions, connectionString: string, max: number, applicationName: string) {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 1000,
    statement_timeout: options.statementTimeoutMs ?? 2000,
    query_timeout: (options.statementTimeoutMs ?? 2000) + 500,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
    application_name: applicationName,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

export function createPgLookup(options: PgLookupOptions): PgLookup {
  const primary = openPool(options, options.connectionString, options.max ?? 5, 'linkhub-edge');
  const replica = options.read
    ? openPool(options, options.read.connectionString, options.read.max, 'linkhub-edge-read')
    : primary;
  const named = (options.preparedStatements ?? 'named') === 'named';
  let queryCount = 0;

  async function run<R extends pg.QueryResultRow>(
    name: string,
    text: string,
    values: unknown[],
    pool: pg.Pool = primary,
  ): Promise<R[]> {
    queryCount += 1;
    const result = await pool.query<R>(named ? { name, text, values } : { text, values });
    return result.rows;
  }

  return {
    get queryCount() {
      return queryCount;
    },
    async findRedirect(host, slug) {
      // Text PostgreSQL cannot take (a NUL, a lone surrogate) cannot name a row either: not found, without a query.
      if (!isLookupSafe(host) || !isLookupSafe(slug)) return { found: 'no_domain' };
      const [row] = await run<RedirectSqlRow>('edge_redirect', REDIRECT_SQL, [host, slug], replica);
      if (!row) return { found: 'no_domain' };
      const domain: DomainFacts = {
        domain_id: row.domain_id,
        workspace_id: row.domain_workspace_id,
        is_system: row.is_system,
        purpose: row.purpose,
        not_found_url: row.not_found_url,
        root_redirect_url: row.root_redirect_url,
        expired_url: row.domain_expired_url,
        workspace: row.domain_workspace,
      };
      if ((!row.qr && !row.link) || !row.workspace) return { found: 'nothing', domain };
      return {
        found: 'resource',
        domain,
        workspace: row.workspace,
        qr: row.qr,
        link: row.link,
        experiment: row.experiment,
      };
    },
    async findPublishedPage(host, handle) {
      if (!isLookupSafe(host) || !isLookupSafe(handle)) return null;
      const [row] = await run<PublishedPageRow>('edge_page', PAGE_SQL, [host, handle], replica);
      return row ?? null;
    },
    async findRootPage(host) {
      if (!isLookupSafe(host)) return null;
      const [row] = await run<PublishedPageRow>('edge_root_page', ROOT_PAGE_SQL, [host], replica);
      return row ?? null;
    },
    async listAddresses(after, limit) {
      return run<{ host: string; slug: string }>('edge_addresses', ADDRESSES_SQL, [
        after?.host ?? null,
        after?.slug ?? null,
        limit,
      ]);
    },
    async estimateTakenSlugs() {
      const [row] = await run<{ n: number }>('edge_taken_estimate', TAKEN_ESTIMATE_SQL, []);
      return row?.n ?? 0;
    },
    async listServingDomains() {
      return run<{ id: string; hostname: string }>('edge_serving_domains', SERVING_DOMAINS_SQL, []);
    },
    async listTakenSlugs(source, after, limit) {
      const from = after ?? NIL_CURSOR;
      return run<{ domain_id: string; slug: string }>(`edge_taken_${source}`, TAKEN_SLUGS_SQL[source], [
        from.domain_id,
        from.slug,
        limit,
      ]);
    },
    async findCrawlingFacts(host) {
      if (!isLookupSafe(host)) return null;
      const [row] = await run<CrawlingFacts>('edge_crawling', CRAWLING_SQL, [host], replica);
      return row ?? null;
    },
    async findCertificate(host) {
      if (!isLookupSafe(host)) return null;
      const [row] = await run<SealedCertificate>('edge_certificate', CERTIFICATE_SQL, [host]);
      return row ?? null;
    },
    async ping() {
      await run('edge_ping', 'SELECT 1', []);
    },
    async close() {
      await Promise.all([primary.end(), ...(replica === primary ? [] : [replica.end()])]);
    },
  };
}
