import type { Queryable } from '@linkhub/shared/server/db/sql';
import { rows } from '@linkhub/shared/server/db/sql';
import type { VisibleRow } from './cvr';

export type Membership = { member_id: string; workspace_id: string; role: string; is_scoped: boolean };

export async function loadMemberships(db: Queryable, userId: string): Promise<Membership[]> {
  return rows<Membership>(
    db,
    `SELECT m.id AS member_id, m.workspace_id, m.role, m.is_scoped
       FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
      WHERE m.user_id = $1 AND m.deleted_at IS NULL AND w.deleted_at IS NULL
      ORDER BY m.workspace_id`,
    [userId],
  );
}

/**
 * The change counters that cover this user's whole visible set: one per workspace they belong to,
 * their own (memberships, grants, notices) and the system hosts. Equal fingerprints ⇒ nothing to send.
 */
export async function loadFingerprint(
  db: Queryable,
  userId: string,
  memberships: readonly Membership[],
  clientGroupId: string,
): Promise<string> {
  const scopes = ['system', `user:${userId}`, ...memberships.map((m) => `ws:${m.workspace_id}`)];
  const [counters, clients] = await Promise.all([
    rows<{ scope: string; version: string }>(
      db,
      'SELECT scope, version FROM sync_change_counters WHERE scope = ANY($1::text[]) ORDER BY scope',
      [scopes],
    ),
    rows<{ id: string; last_mutation_id: string }>(
      db,
      'SELECT id, last_mutation_id FROM replicache_clients WHERE client_group_id = $1 ORDER BY id',
      [clientGroupId],
    ),
  ]);
  const memberPart = memberships
    .map((m) => `${m.workspace_id}:${m.role}:${m.is_scoped ? 's' : 'u'}`)
    .join(',');
  const counterPart = counters.map((c) => `${c.scope}=${c.version}`).join(',');
  const clientPart = clients.map((c) => `${c.id}=${c.last_mutation_id}`).join(',');
  return `${memberPart}|${counterPart}|${clientPart}`;
}

/**
 * Every key the user may read (exactly what authorize lets them read: live memberships; scoped
 * members only their granted pages, links and QR codes) with its row version. One round trip.
 */
export async function loadVisibleRows(db: Queryable, userId: string): Promise<VisibleRow[]> {
  const result = await rows<{ key: string; version: string }>(
    db,
    `WITH m AS (
        -- Scoped = holds at least one grant and is not the owner: the rule authorize() applies (docs/product-rules.md#permissions).
        SELECT m.id, m.workspace_id, m.row_version,
               (m.role <> 'owner' AND EXISTS (SELECT 1 FROM resource_grants x WHERE x.member_id = m.id)) AS is_scoped
          FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
         WHERE m.user_id = $1 AND m.deleted_at IS NULL AND w.deleted_at IS NULL
     ), g AS (
        SELECT rg.resource_type, rg.resource_id FROM resource_grants rg JOIN m ON m.id = rg.member_id
     )
     SELECT 'workspace/' || w.id AS key, w.row_version + m.row_version AS version
       FROM workspaces w JOIN m ON m.workspace_id = w.id
     UNION ALL
     SELECT 'member/' || o.workspace_id || '/' || o.id, o.row_version
       FROM workspace_members o JOIN m ON m.workspace_id = o.workspace_id WHERE o.deleted_at IS NULL
     UNION ALL
     SELECT 'domain/' || d.id, d.row_version FROM custom_domains d
      WHERE d.deleted_at IS NULL AND (d.workspace_id IS NULL OR d.workspace_id IN (SELECT workspace_id FROM m))
     UNION ALL
     SELECT 'link/' || l.id, l.row_version FROM links l JOIN m ON m.workspace_id = l.workspace_id
      WHERE l.deleted_at IS NULL
        AND (NOT m.is_scoped OR EXISTS (SELECT 1 FROM g WHERE g.resource_type = 'link' AND g.resource_id = l.id)
             -- or a granted folder holds it, directly or through a subfolder (D-622)
             OR EXISTS (SELECT 1 FROM g LEFT JOIN link_folders hf ON hf.id = l.folder_id
                         WHERE g.resource_type = 'folder' AND g.resource_id IN (l.folder_id, hf.parent_id)))
     UNION ALL
     SELECT 'folder/' || f.id, f.row_version FROM link_folders f JOIN m ON m.workspace_id = f.workspace_id
      WHERE f.deleted_at IS NULL
        AND (NOT m.is_scoped OR EXISTS (SELECT 1 FROM g WHERE g.resource_type = 'folder' AND g.resource_id IN (f.id, f.parent_id)))
     UNION ALL
     SELECT 'qr/' || q.id, q.row_version FROM qr_codes q JOIN m ON m.workspace_id = q.workspace_id
      WHERE q.deleted_at IS NULL
        AND (NOT m.is_scoped OR EXISTS (SELECT 1 FROM g WHERE g.resource_type = 'qr_code' AND g.resource_id = q.id))
     UNION ALL
     SELECT 'page/' || p.id, p.row_version FROM bio_pages p JOIN m ON m.workspace_id = p.workspace_id
      WHERE p.deleted_at IS NULL
        AND (NOT m.is_scoped OR EXISTS (SELECT 1 FROM g WHERE g.resource_type = 'bio_page' AND g.resource_id = p.id))
     UNION ALL
     SELECT 'block/' || b.page_id || '/' || b.id, b.row_version
       FROM bio_blocks b JOIN bio_pages p ON p.id = b.page_id JOIN m ON m.workspace_id = p.workspace_id
      WHERE b.deleted_at IS NULL AND p.deleted_at IS NULL
        AND (NOT m.is_scoped OR EXISTS (SELECT 1 FROM g WHERE g.resource_type = 'bio_page' AND g.resource_id = p.id))
     UNION ALL
     SELECT 'notice/' || n.id, n.row_version FROM sync_notices n WHERE n.user_id = $1 AND n.deleted_at IS NULL
     UNION ALL
     SELECT 'summary/' || s.resource_id, s.row_version FROM analytics_summaries s JOIN m ON m.workspace_id = s.workspace_id
      WHERE s.deleted_at IS NULL
        AND (NOT m.is_scoped OR EXISTS (
              SELECT 1 FROM g WHERE g.resource_id = s.resource_id
                AND g.resource_type = (CASE s.resource_type WHEN 'qr_code' THEN 'qr_code' WHEN 'bio_page' THEN 'bio_page' ELSE 'link' END))
             OR EXISTS (
              SELECT 1 FROM links sl LEFT JOIN link_folders hf ON hf.id = sl.folder_id
                JOIN g ON g.resource_type = 'folder' AND g.resource_id IN (sl.folder_id, hf.parent_id)
               WHERE sl.id = s.resource_id))`,
    [userId],
  );
  return result.map((r) => ({ key: r.key, version: Number(r.version) }));
}
