import type { RowOf } from '@linkhub/shared/server/db/row';
import type { apiKeys } from '@linkhub/shared/server/db/schema/api';
import { API_KEY_SCOPES, type ApiKeyScope } from '@linkhub/shared/permissions/scopes';
import { ConflictError, NotFoundError } from '@linkhub/shared/errors/app-error';
import { generateApiKey, hashApiKey } from './api-key-token';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { isUniqueViolation } from '@linkhub/shared/server/db/errors';

export { createApiKeySchema } from '@linkhub/shared/schemas/api-keys';

export type ApiKeyRow = RowOf<
  typeof apiKeys,
  | 'id'
  | 'workspaceId'
  | 'createdByUserId'
  | 'createdByMemberId'
  | 'name'
  | 'prefix'
  | 'scopes'
  | 'lastUsedAt'
  | 'expiresAt'
  | 'revokedAt'
  | 'createdAt'
>;

const KEY_COLUMNS =
  'k.id, k.workspace_id, k.created_by_user_id, k.created_by_member_id, k.name, k.prefix, k.scopes, k.last_used_at, k.expires_at, k.revoked_at, k.created_at';

export function publicApiKey(k: ApiKeyRow): Record<string, unknown> {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    created_by_user_id: k.created_by_user_id,
    last_used_at: k.last_used_at,
    expires_at: k.expires_at,
    revoked_at: k.revoked_at,
    created_at: k.created_at,
  };
}

/**
 * Which scopes a member of `role` may put on a key (docs/product-rules.md#api-keys: never beyond the creator's role).
 * Read scopes for everyone who can read; write scopes only for roles that can edit content;
 * domains and webhooks writes for Owner/Admin only.
 */
export function scopesAllowedFor(role: string): readonly ApiKeyScope[] {
  const read = API_KEY_SCOPES.filter((s) => s.endsWith(':read'));
  const contentWrite: ApiKeyScope[] = ['links:write', 'qr:write', 'pages:write', 'experiments:write'];
  switch (role) {
    case 'owner':
    case 'admin':
      return API_KEY_SCOPES;
    case 'editor':
      return [...read, ...contentWrite];
    case 'viewer':
      return read;
    default:
      return [];
  }
}

/** Creates a key; the raw key is in the result once and nowhere else. */
export async function insertApiKey(
  tx: Queryable,
  input: {
    workspaceId: string;
    userId: string;
    memberId: string;
    name: string;
    scopes: readonly string[];
    expiresAt: string | null;
  },
): Promise<{ apiKey: ApiKeyRow; key: string }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { key, keyHash, displayPrefix } = generateApiKey();
    try {
      await tx.query('SAVEPOINT key_insert');
      const apiKey = await one<ApiKeyRow>(
        tx,
        `INSERT INTO api_keys AS k (workspace_id, created_by_user_id, created_by_member_id, name, prefix, key_hash, scopes, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${KEY_COLUMNS}`,
        [
          input.workspaceId,
          input.userId,
          input.memberId,
          input.name,
          displayPrefix,
          keyHash,
          [...new Set(input.scopes)],
          input.expiresAt,
        ],
      );
      await tx.query('RELEASE SAVEPOINT key_insert');
      if (!apiKey) throw new Error('api key insert returned no row');
      return { apiKey, key };
    } catch (error) {
      if (!isUniqueViolation(error, 'ux_api_keys_prefix')) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT key_insert');
    }
  }
  throw new ConflictError('conflict', { message: 'Could not allocate a key; try again.' });
}

export async function listApiKeys(db: Queryable, workspaceId: string): Promise<ApiKeyRow[]> {
  return rows<ApiKeyRow>(
    db,
    `SELECT ${KEY_COLUMNS} FROM api_keys k WHERE k.workspace_id = $1 ORDER BY k.revoked_at NULLS FIRST, k.created_at DESC`,
    [workspaceId],
  );
}

export async function findApiKey(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<ApiKeyRow | undefined> {
  return one<ApiKeyRow>(db, `SELECT ${KEY_COLUMNS} FROM api_keys k WHERE k.workspace_id = $1 AND k.id = $2`, [
    workspaceId,
    id,
  ]);
}

export async function revokeApiKey(
  tx: Queryable,
  workspaceId: string,
  id: string,
  byUserId: string,
): Promise<ApiKeyRow> {
  const row = await one<ApiKeyRow>(
    tx,
    `UPDATE api_keys k SET revoked_at = coalesce(k.revoked_at, now()), revoked_by_user_id = coalesce(k.revoked_by_user_id, $3)
      WHERE k.workspace_id = $1 AND k.id = $2 RETURNING ${KEY_COLUMNS}`,
    [workspaceId, id, byUserId],
  );
  if (!row) throw new NotFoundError();
  return row;
}

/** The key row behind a raw `lh_…` key (revoked keys included: authorize() answers api_key_revoked). */
export async function findApiKeyByToken(db: Queryable, rawKey: string): Promise<ApiKeyRow | undefined> {
  return findApiKeyByDigest(db, hashApiKey(rawKey));
}

/** The same, by the key's digest (`hashApiKey`). */
export async function findApiKeyByDigest(db: Queryable, digest: string): Promise<ApiKeyRow | undefined> {
  return one<ApiKeyRow>(db, `SELECT ${KEY_COLUMNS} FROM api_keys k WHERE k.key_hash = $1`, [digest]);
}

/** Records use at most once a minute per key (the list shows "last used"). */
export async function touchApiKey(db: Queryable, id: string): Promise<void> {
  await db.query(
    "UPDATE api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')",
    [id],
  );
}
