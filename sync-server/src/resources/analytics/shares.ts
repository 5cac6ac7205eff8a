import type { RowOf } from '@linkhub/shared/server/db/row';
import type { dashboardShares } from '@linkhub/shared/server/db/schema/analytics-sharing';
import { randomBytes } from 'node:crypto';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { shareSelectionSchema, type ShareSelection } from './share-selection';

export type ShareRow = RowOf<
  typeof dashboardShares,
  'id' | 'workspaceId' | 'name' | 'selection' | 'token' | 'createdAt' | 'revokedAt'
>;

const COLUMNS = 'id, workspace_id, name, selection, token, created_at, revoked_at';

/** 32 random bytes, base64url: 43 characters nobody guesses. */
export const newShareToken = (): string => randomBytes(32).toString('base64url');

/** The API view: where the page is, what it shows. */
export function shareView(row: ShareRow, baseUrl: string) {
  return {
    id: row.id,
    name: row.name,
    selection: row.selection,
    url: `${baseUrl.replace(/\/$/, '')}/share/${row.token}`,
    created_at: row.created_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

export async function insertShare(
  db: Queryable,
  input: { workspaceId: string; userId: string | null; name: string; selection: ShareSelection },
): Promise<ShareRow> {
  const row = await one<ShareRow>(
    db,
    `INSERT INTO dashboard_shares (workspace_id, created_by_user_id, name, selection, token)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [input.workspaceId, input.userId, input.name, JSON.stringify(input.selection), newShareToken()],
  );
  if (!row) throw new Error('dashboard share not inserted');
  return row;
}

export const listShares = (db: Queryable, workspaceId: string): Promise<ShareRow[]> =>
  rows<ShareRow>(
    db,
    `SELECT ${COLUMNS} FROM dashboard_shares WHERE workspace_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
    [workspaceId],
  );

/** Revokes a live share of the workspace (404 when none: unknown, foreign or already revoked). */
export async function revokeShare(db: Queryable, workspaceId: string, id: string): Promise<ShareRow> {
  const row = await one<ShareRow>(
    db,
    `UPDATE dashboard_shares SET revoked_at = now() WHERE id = $1 AND workspace_id = $2 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
    [id, workspaceId],
  );
  if (!row) throw new NotFoundError();
  return row;
}

/** The live share behind a token with its workspace's zone and plan, or null (unknown or revoked). */
export async function findLiveShare(
  db: Queryable,
  token: string,
): Promise<{
  share: ShareRow;
  selection: ShareSelection;
  timeZone: string;
  plan: string;
  workspaceName: string;
} | null> {
  if (!/^[A-Za-z0-9_-]{32,64}$/.test(token)) return null;
  const row = await one<ShareRow & { time_zone: string; current_plan_key: string; workspace_name: string }>(
    db,
    `SELECT s.id, s.workspace_id, s.name, s.selection, s.token, s.created_at, s.revoked_at,
            w.time_zone, w.current_plan_key, w.name AS workspace_name
       FROM dashboard_shares s JOIN workspaces w ON w.id = s.workspace_id
      WHERE s.token = $1 AND s.revoked_at IS NULL AND w.deleted_at IS NULL`,
    [token],
  );
  if (!row) return null;
  const selection = shareSelectionSchema.safeParse(row.selection);
  if (!selection.success) return null;
  return {
    share: row,
    selection: selection.data,
    timeZone: row.time_zone,
    plan: row.current_plan_key,
    workspaceName: row.workspace_name,
  };
}
