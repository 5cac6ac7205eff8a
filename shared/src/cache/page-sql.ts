/**
 * The published bio page reads, shared text (no driver here) so the edge's miss path, the sync
 * commands' write-through and the worker's cache-refresh job read exactly the same rows.
 */
export type PublishedPageRow = {
  id: string;
  workspace_id: string;
  handle: string;
  snapshot: unknown;
  /** The page's running experiment with its variants, or null. */
  experiment?: unknown;
};

/** The page's running experiment, its variants in key order (the order the shared assignment walks). */
const RUNNING_EXPERIMENT = `
LEFT JOIN LATERAL (
  SELECT jsonb_build_object('id', e.id, 'arm', e.arm_period, 'goal_block_id', e.goal_block_id, 'variants', COALESCE((
    SELECT jsonb_agg(v.payload || jsonb_build_object('id', v.id, 'weight', v.weight) ORDER BY v.key)
    FROM experiment_variants v WHERE v.experiment_id = e.id), '[]'::jsonb)) AS experiment
  FROM experiments e
  WHERE e.resource_type = 'bio_page' AND e.resource_id = p.id AND e.status = 'running' AND e.deleted_at IS NULL
  LIMIT 1
) x ON true`;

/** (host, handle) → the published, live page on that verified host. */
export const PAGE_SQL = `
SELECT p.id, p.workspace_id, p.handle, p.published_snapshot AS snapshot, x.experiment
FROM custom_domains d
JOIN bio_pages p ON p.domain_id = d.id AND p.handle = $2 AND p.deleted_at IS NULL
JOIN workspaces w ON w.id = p.workspace_id AND w.deleted_at IS NULL${RUNNING_EXPERIMENT}
WHERE d.hostname = $1 AND d.deleted_at IS NULL AND d.status = 'verified'
  AND p.published_snapshot IS NOT NULL AND p.archived_at IS NULL`;

/** A custom domain's root page: the page its `root_handle` names, else its workspace's page on that domain published first. */
export const ROOT_PAGE_SQL = `
SELECT p.id, p.workspace_id, p.handle, p.published_snapshot AS snapshot, x.experiment
FROM custom_domains d
JOIN bio_pages p ON p.domain_id = d.id AND p.deleted_at IS NULL AND p.published_snapshot IS NOT NULL AND p.archived_at IS NULL
JOIN workspaces w ON w.id = p.workspace_id AND w.deleted_at IS NULL${RUNNING_EXPERIMENT}
WHERE d.hostname = $1 AND d.deleted_at IS NULL AND d.status = 'verified' AND d.workspace_id IS NOT NULL
ORDER BY (p.handle = d.root_handle) IS TRUE DESC, p.published_at ASC LIMIT 1`;
