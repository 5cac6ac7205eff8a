import type { ExperimentRow, LinkRow, QrRow, WorkspaceRow } from './build-payload';

/**
 * (host, slug) → domain, QR code, link (own or pinned), owning workspace, running experiment (on the
 * link, or on the QR code itself) with variants — one statement, each join an index probe. Shared
 * text (no driver here) so the edge's miss path and the sync commands' write-through read exactly the same rows into `buildRedirectPayload`.
 */
export const REDIRECT_SQL = `
SELECT d.id AS domain_id, d.workspace_id AS domain_workspace_id, d.is_system, d.purpose,
       d.not_found_url, d.root_redirect_url, d.expired_url AS domain_expired_url,
       CASE WHEN dw.id IS NULL THEN NULL ELSE jsonb_build_object('name', dw.name, 'holding_page', dw.holding_page) END AS domain_workspace,
       to_jsonb(q) AS qr, to_jsonb(l) AS link, to_jsonb(w) AS workspace, x.experiment
FROM custom_domains d
LEFT JOIN workspaces dw ON dw.id = d.workspace_id
LEFT JOIN qr_codes q ON q.domain_id = d.id AND q.slug = $2
LEFT JOIN links l ON l.id = CASE WHEN q.id IS NOT NULL THEN q.link_id
                                 ELSE (SELECT l2.id FROM links l2 WHERE l2.domain_id = d.id AND l2.slug = $2 AND l2.deleted_at IS NULL) END
LEFT JOIN workspaces w ON w.id = COALESCE(q.workspace_id, l.workspace_id)
LEFT JOIN LATERAL (
  SELECT jsonb_build_object('id', e.id, 'status', e.status, 'arm', e.arm_period, 'click_id', e.append_click_id, 'variants', COALESCE((
    SELECT jsonb_agg(jsonb_build_object('id', v.id, 'weight', v.weight, 'destination_url', v.destination_url) ORDER BY v.key)
    FROM experiment_variants v WHERE v.experiment_id = e.id), '[]'::jsonb)) AS experiment
  FROM experiments e
  WHERE (e.id = l.experiment_id
         OR (e.resource_type = 'link' AND e.resource_id = l.id AND q.id IS NULL)
         OR (e.resource_type = 'qr_code' AND e.resource_id = q.id))
    AND e.status = 'running' AND e.deleted_at IS NULL
  LIMIT 1
) x ON true
WHERE d.hostname = $1 AND d.deleted_at IS NULL AND d.status = 'verified'`;

export type RedirectSqlRow = {
  domain_id: string;
  domain_workspace_id: string | null;
  is_system: boolean;
  purpose: 'links' | 'bio' | 'all';
  /** The domain's own answers (D-617, D-616). */
  not_found_url: string | null;
  root_redirect_url: string | null;
  domain_expired_url: string | null;
  domain_workspace: { name: string; holding_page: unknown } | null;
  qr: QrRow | null;
  link: LinkRow | null;
  workspace: WorkspaceRow | null;
  experiment: ExperimentRow | null;
};
