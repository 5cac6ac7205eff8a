import { NotFoundError } from '@linkhub/shared/errors/app-error';
import type { ExperimentResourceType } from '@linkhub/shared/experiments/schemas';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';

/** What an experiment tests, as the commands need it: its address (for the redirect cache) and plain destination. */
export type TestedResource = {
  readonly type: ExperimentResourceType;
  readonly id: string;
  readonly host: string;
  readonly slug: string;
  readonly title: string;
  /** The destination a visitor gets without the experiment (the control's default). */
  readonly destinationUrl: string | null;
  /** Bio pages: the published blocks' ids and types (a variant may only name these); empty when unpublished. */
  readonly blocks: ReadonlyArray<{ id: string; type: string }>;
};

const SQL: Record<ExperimentResourceType, string> = {
  link: `SELECT l.id, d.hostname AS host, l.slug, coalesce(l.title, l.slug) AS title, l.destination_url
           FROM links l JOIN custom_domains d ON d.id = l.domain_id
          WHERE l.id = $1 AND l.workspace_id = $2 AND l.deleted_at IS NULL`,
  qr_code: `SELECT q.id, d.hostname AS host, q.slug, coalesce(q.title, q.slug) AS title,
                   coalesce(q.destination_url, pl.destination_url) AS destination_url
              FROM qr_codes q JOIN custom_domains d ON d.id = q.domain_id
              LEFT JOIN links pl ON pl.id = q.link_id
             WHERE q.id = $1 AND q.workspace_id = $2 AND q.deleted_at IS NULL`,
  bio_page: `SELECT p.id, d.hostname AS host, p.handle AS slug, coalesce(nullif(p.title, ''), p.handle) AS title,
                    NULL AS destination_url,
                    coalesce((SELECT jsonb_agg(jsonb_build_object('id', b->>'id', 'type', b->>'type'))
                                FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.published_snapshot->'blocks') = 'array'
                                                               THEN p.published_snapshot->'blocks' ELSE '[]'::jsonb END) b),
                             '[]'::jsonb) AS blocks
               FROM bio_pages p JOIN custom_domains d ON d.id = p.domain_id
              WHERE p.id = $1 AND p.workspace_id = $2 AND p.deleted_at IS NULL`,
};

/** The tested resource of one workspace: a link, a QR code or a bio page (D-279; D-276 superseded). */
export async function loadTestedResource(
  db: Queryable,
  workspaceId: string,
  type: ExperimentResourceType,
  id: string,
): Promise<TestedResource> {
  const row = await one<{
    id: string;
    host: string;
    slug: string;
    title: string;
    destination_url: string | null;
    blocks?: Array<{ id: string; type: string }>;
  }>(db, SQL[type], [id, workspaceId]);
  if (!row) throw new NotFoundError();
  return {
    type,
    id: row.id,
    host: row.host,
    slug: row.slug,
    title: row.title,
    destinationUrl: row.destination_url,
    blocks: row.blocks ?? [],
  };
}
