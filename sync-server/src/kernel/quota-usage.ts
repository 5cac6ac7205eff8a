import { one, type Queryable } from '@linkhub/shared/server/db/sql';
import type { QuotaField } from '@linkhub/shared/entitlements/plans';
import { LOCKABLE, type LockableType } from './edit-locks';
import { seatsInUse } from '../identity/members';

/**
 * A create's quota count, for its authorize decision: inside the command's transaction it first
 * takes the workspace's quota lock, held to COMMIT, so two creates racing for the last free place
 * count one after the other (one lock per workspace, not per field: a push creating a link and a
 * QR code cannot deadlock with one creating them the other way round). Its own statement: a count
 * in the same statement would read a snapshot taken before the wait.
 */
export async function quotaUsageForCreate(
  db: Queryable,
  workspaceId: string,
  field: QuotaField,
): Promise<number> {
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended('quota:' || $1, 0))", [workspaceId]);
  return quotaUsage(db, workspaceId, field);
}

/** Current usage toward a quota (docs/product-rules.md#plans-and-billing: what counts is `LOCKABLE`'s rule, kernel/edit-locks.ts). */
export async function quotaUsage(db: Queryable, workspaceId: string, field: QuotaField): Promise<number> {
  const count = async (sql: string): Promise<number> =>
    Number((await one<{ n: string }>(db, sql, [workspaceId]))?.n ?? 0);
  switch (field) {
    case 'members':
      return seatsInUse(db, workspaceId);
    case 'bio_pages':
      return count(countedSql('bio_page'));
    case 'links':
      return count(countedSql('link'));
    case 'qr_codes':
      return count(countedSql('qr_code'));
    case 'custom_domains':
      return count(
        "SELECT count(*) AS n FROM custom_domains WHERE workspace_id = $1 AND status <> 'removed'",
      );
    case 'workspaces':
      return count(
        'SELECT count(*) AS n FROM workspaces w WHERE w.billing_account_id = (SELECT billing_account_id FROM workspaces WHERE id = $1) AND w.deleted_at IS NULL',
      );
  }
}

function countedSql(type: LockableType): string {
  const { table, counted } = LOCKABLE[type];
  return `SELECT count(*) AS n FROM ${table} WHERE workspace_id = $1 AND ${counted}`;
}
