import pg from 'pg';
import { isLookupSafe } from '@linkhub/shared/resolve/host';
import type { ExperimentRow, LinkRow, QrRow, WorkspaceRow } from '@linkhub/shared/cache/build-payload';
// The miss-path statement is shared with the sync commands' write-through, so both read the same rows.
import { REDIRECT_SQL, type RedirectSqlRow } from '@linkhub/shared/cache/redirect-sql';
import { PAGE_SQL, ROOT_PAGE_SQL, type PublishedPageRow } from '@linkhub/shared/cache/page-sql';

/**
 * The edge's only PostgreSQL access: read-only, bare `pg`, one indexed query per question (DESIGN §6,
 * DECISIONS "Edge miss path uses bare pg in one file"). Every query goes through `run`, which counts
 * it, so tests can assert the miss path costs exactly one query.
 */

export type DomainFacts = {
  domain_id: string;
  workspace_id: string | null;
  is_system: boolean;
  purpose: 'links' | 'bio' | 'all';
  /** The domain's workspace (custom domains), for the branded 404. */
  workspace: { name: string; holding_page: unknown } | null;
};

export type RedirectLookup =
  | { found: 'no_domain' }
  | { found: 'nothing'; domain: DomainFacts }
  | { found: 'resource'; domain: DomainFacts; workspace: WorkspaceRow; qr: QrRow | null; link: LinkRow | null; experiment: ExperimentRow | null };

export type { PublishedPageRow };

export interface PgLookup {
  findRedirect(host: string, slug: string): Promise<RedirectLookup>;
  findPublishedPage(host: string, handle: string): Promise<PublishedPageRow | null>;
  findRootPage(host: string): Promise<PublishedPageRow | null>;
  ping(): Promise<void>;
  /** Every live address (QR codes and links on verified domains), a page at a time, ordered by (host, slug). */
  listAddresses(after: { host: string; slug: string } | null, limit: number): Promise<Array<{ host: string; slug: string }>>;
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

export type PgLookupOptions = { connectionString: string; max?: number; statementTimeoutMs?: number; connectTimeoutMs?: number };

export function createPgLookup(options: PgLookupOptions): PgLookup {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 1000,
    statement_timeout: options.statementTimeoutMs ?? 2000,
    query_timeout: (options.statementTimeoutMs ?? 2000) + 500,
    idleTimeoutMillis: 30_000,
    allowExitOnIdle: true,
    application_name: 'linkhub-edge',
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  let queryCount = 0;

  async function run<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<R[]> {
    queryCount += 1;
    const result = await pool.query<R>(text, values);
    return result.rows;
  }

  return {
    get queryCount() {
      return queryCount;
    },
    async findRedirect(host, slug) {
      // Text PostgreSQL cannot take (a NUL, a lone surrogate) cannot name a row either: not found, without a query (issue 16.11).
      if (!isLookupSafe(host) || !isLookupSafe(slug)) return { found: 'no_domain' };
      const [row] = await run<RedirectSqlRow>(REDIRECT_SQL, [host, slug]);
      if (!row) return { found: 'no_domain' };
      const domain: DomainFacts = {
        domain_id: row.domain_id,
        workspace_id: row.domain_workspace_id,
        is_system: row.is_system,
        purpose: row.purpose,
        workspace: row.domain_workspace,
      };
      if ((!row.qr && !row.link) || !row.workspace) return { found: 'nothing', domain };
      return { found: 'resource', domain, workspace: row.workspace, qr: row.qr, link: row.link, experiment: row.experiment };
    },
    async findPublishedPage(host, handle) {
      if (!isLookupSafe(host) || !isLookupSafe(handle)) return null;
      const [row] = await run<PublishedPageRow>(PAGE_SQL, [host, handle]);
      return row ?? null;
    },
    async findRootPage(host) {
      if (!isLookupSafe(host)) return null;
      const [row] = await run<PublishedPageRow>(ROOT_PAGE_SQL, [host]);
      return row ?? null;
    },
    async listAddresses(after, limit) {
      return run<{ host: string; slug: string }>(ADDRESSES_SQL, [after?.host ?? null, after?.slug ?? null, limit]);
    },
    async ping() {
      await run('SELECT 1', []);
    },
    async close() {
      await pool.end();
    },
  };
}
