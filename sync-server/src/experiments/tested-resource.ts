import { NotFoundError, ValidationError } from '@linkhub/shared/errors/app-error';
import type { ExperimentResourceType } from '@linkhub/shared/experiments/schemas';
import { one, type Queryable } from '@linkhub/shared/db/sql';

/** What an experiment tests, as the commands need it: its address (for the redirect cache) and plain destination. */
export type TestedResource = {
  readonly type: ExperimentResourceType;
  readonly id: string;
  readonly host: string;
  readonly slug: string;
  readonly title: string;
  /** The destination a visitor gets without the experiment (the control's default). */
  readonly destinationUrl: string | null;
};

const SQL: Record<'link' | 'qr_code', string> = {
  link: `SELECT l.id, d.hostname AS host, l.slug, coalesce(l.title, l.slug) AS title, l.destination_url
           FROM links l JOIN custom_domains d ON d.id = l.domain_id
          WHERE l.id = $1 AND l.workspace_id = $2 AND l.deleted_at IS NULL`,
  qr_code: `SELECT q.id, d.hostname AS host, q.slug, coalesce(q.title, q.slug) AS title,
                   coalesce(q.destination_url, pl.destination_url) AS destination_url
              FROM qr_codes q JOIN custom_domains d ON d.id = q.domain_id
              LEFT JOIN links pl ON pl.id = q.link_id
             WHERE q.id = $1 AND q.workspace_id = $2 AND q.deleted_at IS NULL`,
};

/**
 * The tested resource of one workspace. Bio page experiments (block order, label, URL) are not served
 * by the edge yet, so they are refused at the door rather than stored and silently never run (D-276).
 */
export async function loadTestedResource(
  db: Queryable,
  workspaceId: string,
  type: ExperimentResourceType,
  id: string,
): Promise<TestedResource> {
  if (type === 'bio_page')
    throw new ValidationError(
      [
        {
          field: 'resource_type',
          issue: 'not_supported',
          message: 'Bio page experiments are not available yet: test a link or a QR code.',
        },
      ],
      { message: 'Bio page experiments are not available yet.' },
    );
  const row = await one<{
    id: string;
    host: string;
    slug: string;
    title: string;
    destination_url: string | null;
  }>(db, SQL[type], [id, workspaceId]);
  if (!row) throw new NotFoundError();
  return {
    type,
    id: row.id,
    host: row.host,
    slug: row.slug,
    title: row.title,
    destinationUrl: row.destination_url,
  };
}
