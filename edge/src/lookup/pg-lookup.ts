import pg from 'pg';
import type { ExperimentRow, LinkRow, QrRow, WorkspaceRow } from '@linkhub/shared/cache/build-payload';

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

export type PublishedPageRow = { id: string; workspace_id: string; handle: string; snapshot: unknown };

export interface PgLookup {
  findRedirect(host: string, slug: string): Promise<RedirectLookup>;
  findPublishedPage(host: string, handle: string): Promise<PublishedPageRow | null>;
  findRootPage(host: string): Promise<PublishedPageRow | null>;
  ping(): Promise<void>;
  /** Queries run so far (tests). */
  readonly queryCount: number;
  close(): Promise<void>;
}

/**
 * (host, slug) → domain, QR code, link (own or pinned), owning workspace, running experiment with
 * variants — one statement, each join an index probe: ux_custom_domains_hostname,
 * ux_qr_codes_domain_slug, ux_links_domain_slug / links pkey, workspaces pkey, experiments pkey,
 * ux_experiment_variants_key.
 */
const REDIRECT_SQL = `
SELECT d.id AS domain_id, d.workspace_id AS domain_workspace_id, d.is_system, d.purpose,
       CASE WHEN dw.id IS NULL THEN NULL ELSE jsonb_build_object('name', dw.name, 'holding_page', dw.holding_page) END AS domain_workspace,
       to_jsonb(q) AS qr, to_jsonb(l) AS link, to_jsonb(w) AS workspace, x.experiment
FROM custom_domains d
LEFT JOIN workspaces dw ON dw.id = d.workspace_id
LEFT JOIN qr_codes q ON q.domain_id = d.id AND q.slug = $2
LEFT JOIN links l ON l.id = CASE WHEN q.id IS NOT NULL THEN q.link_id
                                 ELSE (SELECT l2.id FROM links l2 WHERE l2.domain_id = d.id AND l2.slug = $2 AND l2.deleted_at IS NULL) END
LEFT JOIN workspaces w ON w.id = COALESCE(q.workspace_id, l.workspace_id)
LEFT JOIN LATERAL (
  SELECT jsonb_build_object('id', e.id, 'status', e.status, 'variants', COALESCE((
    SELECT jsonb_agg(jsonb_build_object('id', v.id, 'weight', v.weight, 'destination_url', v.destination_url) ORDER BY v.key)
    FROM experiment_variants v WHERE v.experiment_id = e.id), '[]'::jsonb)) AS experiment
  FROM experiments e WHERE e.id = l.experiment_id AND e.status = 'running' AND e.deleted_at IS NULL
) x ON true
WHERE d.hostname = $1 AND d.deleted_at IS NULL AND d.status = 'verified'`;

const PAGE_SQL = `
SELECT p.id, p.workspace_id, p.handle, p.published_snapshot AS snapshot
FROM custom_domains d
JOIN bio_pages p ON p.domain_id = d.id AND p.handle = $2 AND p.deleted_at IS NULL
JOIN workspaces w ON w.id = p.workspace_id AND w.deleted_at IS NULL
WHERE d.hostname = $1 AND d.deleted_at IS NULL AND d.status = 'verified'
  AND p.published_snapshot IS NOT NULL AND p.archived_at IS NULL`;

/** A custom domain's root page: its workspace's page on that domain published first. */
const ROOT_PAGE_SQL = `
SELECT p.id, p.workspace_id, p.handle, p.published_snapshot AS snapshot
FROM custom_domains d
JOIN bio_pages p ON p.domain_id = d.id AND p.deleted_at IS NULL AND p.published_snapshot IS NOT NULL AND p.archived_at IS NULL
JOIN workspaces w ON w.id = p.workspace_id AND w.deleted_at IS NULL
WHERE d.hostname = $1 AND d.deleted_at IS NULL AND d.status = 'verified' AND d.workspace_id IS NOT NULL
ORDER BY p.published_at ASC LIMIT 1`;

type RedirectSqlRow = {
  domain_id: string;
  domain_workspace_id: string | null;
  is_system: boolean;
  purpose: DomainFacts['purpose'];
  domain_workspace: { name: string; holding_page: unknown } | null;
  qr: QrRow | null;
  link: LinkRow | null;
  workspace: WorkspaceRow | null;
  experiment: ExperimentRow | null;
};

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
      const [row] = await run<PublishedPageRow>(PAGE_SQL, [host, handle]);
      return row ?? null;
    },
    async findRootPage(host) {
      const [row] = await run<PublishedPageRow>(ROOT_PAGE_SQL, [host]);
      return row ?? null;
    },
    async ping() {
      await run('SELECT 1', []);
    },
    async close() {
      await pool.end();
    },
  };
}
