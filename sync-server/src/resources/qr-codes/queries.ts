import type { ListQrCodesQuery } from '@linkhub/shared/schemas/qr-codes';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import type { ReadScope } from '../../http/caller';
import type { QrRecord } from './serializer';
import { cursorColumn, ListSql } from '../../http/list-sql';

const STATUS = `CASE WHEN q.archived_at IS NOT NULL THEN 'archived' ELSE q.status END`;

const SELECT = `SELECT q.id, q.workspace_id, q.domain_id, d.hostname, q.slug, q.destination_url, q.title,
       ${STATUS} AS api_status, q.design, q.design_revision, q.payload, q.created_at, q.updated_at, ${cursorColumn('q')}
  FROM qr_codes q JOIN custom_domains d ON d.id = q.domain_id`;

export async function findQrCode(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<QrRecord | undefined> {
  return one<QrRecord>(db, `${SELECT} WHERE q.id = $1 AND q.workspace_id = $2 AND q.deleted_at IS NULL`, [
    id,
    workspaceId,
  ]);
}

export async function listQrCodes(db: Queryable, scope: ReadScope, q: ListQrCodesQuery): Promise<QrRecord[]> {
  const sql = new ListSql('q', scope)
    .add('q.deleted_at IS NULL')
    .search(q.q, ['q.title', 'q.slug', 'q.destination_url']);
  if (q.status !== undefined) sql.add(`${STATUS} = $?`, q.status);
  const tail = sql.cursor(q.cursor).tail(q.limit);
  return rows<QrRecord>(db, `${SELECT} ${tail}`, sql.values);
}

/** The live codes among `ids` (a bulk create's answer), in no particular order. */
export async function findQrCodes(
  db: Queryable,
  workspaceId: string,
  ids: readonly string[],
): Promise<QrRecord[]> {
  if (ids.length === 0) return [];
  return rows<QrRecord>(
    db,
    `${SELECT} WHERE q.id = ANY($1::uuid[]) AND q.workspace_id = $2 AND q.deleted_at IS NULL`,
    [ids, workspaceId],
  );
}
