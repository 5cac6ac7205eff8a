import { LINK_UPDATABLE } from '@linkhub/shared/mutators/links';
import { PreconditionFailedError, ValidationError } from '@linkhub/shared/errors/app-error';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { sameValue } from '../kernel/field-conflicts';

/**
 * Conditional writes over REST (D-500): a single resource's GET carries `ETag: W/"<version>"`, the
 * version its stored snapshots are keyed by (a link's and a QR code's current_version, a page's
 * draft_revision); a PATCH with a stale `If-Match` answers 412 `stale_write` naming the fields
 * changed since. Without If-Match a PATCH is the plain last write wins it always was.
 */
type Spec = {
  table: 'links' | 'qr_codes' | 'bio_pages';
  version: 'current_version' | 'draft_revision';
  fields: readonly string[];
  snapshot: string;
};

const SPECS = {
  link: {
    table: 'links',
    version: 'current_version',
    fields: [...LINK_UPDATABLE, 'status', 'archived_at'],
    snapshot: 'SELECT snapshot FROM link_versions WHERE link_id = $1 AND version = $2',
  },
  qr_code: {
    table: 'qr_codes',
    version: 'current_version',
    fields: ['destination_url', 'title', 'design', 'archived_at'],
    snapshot: 'SELECT snapshot FROM qr_code_versions WHERE qr_code_id = $1 AND version = $2',
  },
  bio_page: {
    table: 'bio_pages',
    version: 'draft_revision',
    fields: ['handle', 'title', 'bio', 'theme', 'blocks'],
    snapshot:
      "SELECT snapshot FROM bio_page_versions WHERE page_id = $1 AND draft_revision = $2 AND kind = 'draft' ORDER BY version DESC LIMIT 1",
  },
} as const satisfies Record<string, Spec>;
export type Versioned = keyof typeof SPECS;

export const etag = (version: number): string => `W/"${version}"`;

/** The ETag of one live resource, or null when there is none to read. */
export async function etagOf(
  db: Queryable,
  kind: Versioned,
  workspaceId: string,
  id: string,
): Promise<string | null> {
  const spec: Spec = SPECS[kind];
  const row = await one<{ v: number }>(
    db,
    `SELECT ${spec.version} AS v FROM ${spec.table} WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL`,
    [id, workspaceId],
  );
  return row ? etag(Number(row.v)) : null;
}

/** `If-Match: W/"7"` (or `"7"`) → 7; absent or `*` → null (no condition). */
export function ifMatchVersion(header: string | undefined): number | null {
  if (header === undefined || header.trim() === '*') return null;
  const match = /^\s*(?:W\/)?"(\d{1,12})"\s*$/.exec(header);
  if (!match?.[1])
    throw new ValidationError([{ field: 'If-Match', issue: 'invalid_format' }], {
      message: 'If-Match must be an ETag this API gave, like W/"3".',
    });
  return Number(match[1]);
}

async function currentOf(tx: Queryable, kind: Versioned, spec: Spec, id: string, workspaceId: string) {
  const row = await one<{ v: number; doc: Record<string, unknown> }>(
    tx,
    `SELECT t.${spec.version} AS v, to_jsonb(t) - 'password_hash' AS doc FROM ${spec.table} t
      WHERE t.id = $1 AND t.workspace_id = $2 AND t.deleted_at IS NULL FOR UPDATE`,
    [id, workspaceId],
  );
  if (!row || kind !== 'bio_page') return row;
  const blocks = await rows<{ id: string; type: string; data: unknown }>(
    tx,
    'SELECT id, type, data FROM bio_blocks WHERE page_id = $1 AND deleted_at IS NULL AND is_visible ORDER BY position, id',
    [id],
  );
  return { v: row.v, doc: { ...row.doc, blocks } };
}

/**
 * The check a conditional PATCH runs first, in its transaction with the row locked: the fields
 * changed since the version named (from the stored snapshot of that version; without one, the
 * fields this PATCH touches), or nothing when the version is current.
 */
export function assertFresh(
  kind: Versioned,
  ref: { id: string; workspaceId: string },
  expected: number | null,
  touched: readonly string[],
): ((tx: Queryable) => Promise<void>) | undefined {
  if (expected === null) return undefined;
  const spec: Spec = SPECS[kind];
  return async (tx) => {
    const current = await currentOf(tx, kind, spec, ref.id, ref.workspaceId);
    // A missing item answers 404 from the command itself.
    if (!current || Number(current.v) === expected) return;
    const then = await one<{ snapshot: Record<string, unknown> }>(tx, spec.snapshot, [ref.id, expected]);
    const changed = then
      ? spec.fields.filter((f) => !sameValue(then.snapshot[f], current.doc[f]))
      : touched.filter((f) => spec.fields.includes(f));
    const currentEtag = etag(Number(current.v));
    throw new PreconditionFailedError({
      details: [
        ...changed.map((field) => ({ field, issue: 'changed_since' })),
        { field: 'If-Match', issue: 'stale', current_etag: currentEtag },
      ],
    });
  };
}
