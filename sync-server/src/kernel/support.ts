import type { workspaceMembers } from '@linkhub/shared/server/db/schema/workspaces';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { ConflictError } from '@linkhub/shared/errors/app-error';
import { one } from '@linkhub/shared/server/db/sql';
import { pgErrorInfo } from '@linkhub/shared/server/db/errors';
import { auditInsert, writeAudit } from '../identity/audit';
import { autoGrantOnCreate, type GrantableType } from '../identity/grants';
import type { CommandContext } from './types';

/** Unique indexes and slug triggers, as the error codes a user can act on. */
const UNIQUE_CONSTRAINTS: Record<string, 'slug_taken' | 'handle_taken' | 'domain_taken'> = {
  ux_links_domain_slug: 'slug_taken',
  ux_qr_codes_domain_slug: 'slug_taken',
  ux_bio_pages_domain_handle: 'handle_taken',
  ux_custom_domains_hostname: 'domain_taken',
  ux_custom_domains_ws_hostname: 'domain_taken',
};

export function asConflict(error: unknown): unknown {
  const info = pgErrorInfo(error);
  if (!info) return error;
  if (info.triggerCode === 'qr_slug_reserved') {
    return new ConflictError('qr_slug_reserved', { details: [{ field: 'slug', issue: 'qr_slug_reserved' }] });
  }
  const code = info.sqlState === '23505' && info.constraint ? UNIQUE_CONSTRAINTS[info.constraint] : undefined;
  if (code)
    return new ConflictError(code, {
      details: [
        {
          field: code === 'domain_taken' ? 'hostname' : code === 'handle_taken' ? 'handle' : 'slug',
          issue: code,
        },
      ],
    });
  return error;
}

/** Run one statement whose constraint violations are the user's business (slug taken, reserved…). */
export async function withConflicts<T>(statement: () => Promise<T>): Promise<T> {
  try {
    return await statement();
  } catch (error) {
    throw asConflict(error);
  }
}

/** After a scoped editor creates a resource, they keep access to it (docs/product-rules.md#permissions), in the same transaction. */
export async function grantToCreator(
  ctx: CommandContext,
  workspaceId: string,
  type: GrantableType,
  resourceId: string,
): Promise<void> {
  if (!ctx.by.userId) return;
  const known = ctx.member?.workspaceId === workspaceId ? ctx.member : null;
  // Scoped means "has grants" for anyone but the owner: the same rule as the query below.
  const member = known
    ? {
        id: known.id,
        workspace_id: workspaceId,
        user_id: ctx.by.userId,
        is_scoped: known.role !== 'owner' && known.grants.length > 0,
      }
    : await one<RowOf<typeof workspaceMembers, 'id' | 'workspaceId' | 'userId' | 'isScoped'>>(
        ctx.tx,
        `SELECT m.id, m.workspace_id, m.user_id,
            (m.role <> 'owner' AND EXISTS (SELECT 1 FROM resource_grants g WHERE g.member_id = m.id)) AS is_scoped
       FROM workspace_members m WHERE m.workspace_id = $1 AND m.user_id = $2 AND m.deleted_at IS NULL`,
        [workspaceId, ctx.by.userId],
      );
  if (member) await autoGrantOnCreate(ctx.tx, member, type, resourceId, { requestId: ctx.requestId });
}

export async function audit(
  ctx: CommandContext,
  entry: {
    workspaceId: string;
    action: string;
    resourceType: string;
    resourceId: string;
    summary?: string;
    before?: unknown;
    after?: unknown;
    metadata?: Record<string, unknown>;
    /** Days kept; null: forever (see change-record.ts). */
    retentionDays?: number | null;
  },
): Promise<void> {
  await writeAudit(ctx.tx, { ...entry, actor: ctx.by.audit, requestId: ctx.requestId });
}

export type VersionOf = {
  table: 'link_versions' | 'qr_code_versions';
  ownerColumn: 'link_id' | 'qr_code_id';
  source: 'links' | 'qr_codes';
  id: string;
  summary: string;
};

/**
 * Full-snapshot versions (docs/product-rules.md#data-model) with the audit entry of the same change, in one statement: the
 * row as it now stands, under its `current_version` (the command's own write bumps it; a create
 * starts at 1), and the audit row.
 */
export async function snapshotVersionAndAudit(
  ctx: CommandContext,
  version: VersionOf,
  entry: Parameters<typeof audit>[1],
): Promise<void> {
  const auditRow = auditInsert({ ...entry, actor: ctx.by.audit, requestId: ctx.requestId }, 4);
  await ctx.tx.query(
    `WITH version AS (
       INSERT INTO ${version.table} (${version.ownerColumn}, workspace_id, version, snapshot, change_summary, created_by_user_id)
       SELECT s.id, s.workspace_id, s.current_version, to_jsonb(s) - 'password_hash', $3, $2 FROM ${version.source} s WHERE s.id = $1
     )
     ${auditRow.text}`,
    [version.id, ctx.by.userId, version.summary, ...auditRow.values],
  );
}
