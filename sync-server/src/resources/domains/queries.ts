import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { DOMAIN_COLUMNS } from '@linkhub/shared/server/domains/domain-view';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import type { ReadScope } from '../../http/caller';
import type { DomainRecord } from './serializer';
import { cursorColumn, ListSql } from '../../http/list-sql';

const SELECT = `SELECT ${DOMAIN_COLUMNS}, ${cursorColumn('c')}
  FROM custom_domains c`;

export async function findDomain(
  db: Queryable,
  workspaceId: string,
  id: string,
  includeRemoved = false,
): Promise<DomainRecord | undefined> {
  const live = includeRemoved ? '' : ' AND c.deleted_at IS NULL';
  return one<DomainRecord>(db, `${SELECT} WHERE c.id = $1 AND c.workspace_id = $2${live}`, [id, workspaceId]);
}

/** The workspace's own domains (system hosts are not listed: every workspace has them). */
export async function listDomains(
  db: Queryable,
  scope: ReadScope,
  q: { limit: number; cursor?: string | undefined },
): Promise<DomainRecord[]> {
  const sql = new ListSql('c', { workspaceId: scope.workspaceId, grantedIds: null }).add(
    'c.deleted_at IS NULL',
  );
  const tail = sql.cursor(q.cursor).tail(q.limit);
  return rows<DomainRecord>(db, `${SELECT} ${tail}`, sql.values);
}

/** `domain: "links.example.com"` in a body → the id the commands take (a verified host of the workspace, or a system host). */
export async function domainIdForHost(db: Queryable, workspaceId: string, hostname: string): Promise<string> {
  const row = await one<{ id: string }>(
    db,
    'SELECT id FROM custom_domains WHERE hostname = $1 AND deleted_at IS NULL AND (workspace_id = $2 OR is_system)',
    [hostname, workspaceId],
  );
  if (!row)
    throw new NotFoundError({
      message: 'That domain does not exist in this workspace.',
      details: [{ field: 'domain', issue: 'not_found' }],
    });
  return row.id;
}
