import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client';
import { createTestDatabase, type TestDatabase } from './testing';
import { insertMember, insertUser, insertWorkspace, transferOwnership } from './fixtures';
import { refused } from './test-helpers';
import { uuidv7 } from './ids';

describe('tenancy invariants held by the database', () => {
  let testDb: TestDatabase;
  let h: DbHandle;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    h = createDb(testDb.url);
  });
  afterAll(async () => {
    await h.close();
    await testDb.drop();
  });

  /** Runs statements in one transaction on one connection; rolls back if anything (including COMMIT) fails. */
  async function inTransaction(statements: [string, unknown[]][]): Promise<void> {
    const client = await h.pool.connect();
    try {
      await client.query('BEGIN');
      for (const [text, values] of statements) await client.query(text, values);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async function workspaceWithOwner() {
    const ownerUser = await insertUser(h.db);
    const created = await insertWorkspace(h.db, { ownerUserId: ownerUser.id });
    return { ownerUser, ...created };
  }

  describe('workspace_members', () => {
    it('refuses a second live membership of the same user, and allows one again after removal', async () => {
      const { workspace } = await workspaceWithOwner();
      const user = await insertUser(h.db);
      const first = await insertMember(h.db, { workspaceId: workspace.id, userId: user.id, role: 'editor' });
      const error = await refused(
        insertMember(h.db, { workspaceId: workspace.id, userId: user.id, role: 'viewer' }),
      );
      expect(error).toMatchObject({ sqlState: '23505', constraint: 'ux_workspace_members_ws_user' });
      await h.pool.query('UPDATE workspace_members SET deleted_at = now() WHERE id = $1', [first.id]);
      const again = await insertMember(h.db, { workspaceId: workspace.id, userId: user.id, role: 'viewer' });
      expect(again.role).toBe('viewer');
    });

    it('refuses a second live owner', async () => {
      const { workspace } = await workspaceWithOwner();
      const user = await insertUser(h.db);
      const error = await refused(
        h.pool.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner')`, [
          workspace.id,
          user.id,
        ]),
      );
      expect(error).toMatchObject({ sqlState: '23505', constraint: 'ux_workspace_members_single_owner' });
    });

    it('refuses a workspace committed without an owner member', async () => {
      const user = await insertUser(h.db);
      const { rows } = await h.pool.query<{ id: string }>(
        `INSERT INTO billing_accounts (owner_user_id) VALUES ($1) RETURNING id`,
        [user.id],
      );
      const id = uuidv7();
      const error = await refused(
        inTransaction([
          [
            `INSERT INTO workspaces (id, name, slug, owner_user_id, billing_account_id) VALUES ($1, 'Lonely', $2, $3, $4)`,
            [id, `lonely-${id.slice(-8)}`, user.id, rows[0]?.id],
          ],
        ]),
      );
      expect(error).toMatchObject({ sqlState: 'P0001', triggerCode: 'last_owner_required' });
      const left = await h.pool.query('SELECT 1 FROM workspaces WHERE id = $1', [id]);
      expect(left.rowCount).toBe(0);
    });

    it('refuses removing or demoting the only owner, and an owner member who is not workspaces.owner_user_id', async () => {
      const { workspace, owner } = await workspaceWithOwner();
      const removal = await refused(
        inTransaction([['UPDATE workspace_members SET deleted_at = now() WHERE id = $1', [owner.id]]]),
      );
      expect(removal.triggerCode).toBe('last_owner_required');
      const demotion = await refused(
        inTransaction([[`UPDATE workspace_members SET role = 'admin' WHERE id = $1`, [owner.id]]]),
      );
      expect(demotion.triggerCode).toBe('last_owner_required');
      const hardDelete = await refused(
        inTransaction([['DELETE FROM workspace_members WHERE id = $1', [owner.id]]]),
      );
      expect(hardDelete.triggerCode).toBe('last_owner_required');

      const other = await insertUser(h.db);
      await insertMember(h.db, { workspaceId: workspace.id, userId: other.id, role: 'admin' });
      // promoting someone else without updating workspaces.owner_user_id is refused too
      const mismatch = await refused(
        inTransaction([
          [`UPDATE workspace_members SET role = 'admin' WHERE id = $1`, [owner.id]],
          [
            `UPDATE workspace_members SET role = 'owner' WHERE workspace_id = $1 AND user_id = $2`,
            [workspace.id, other.id],
          ],
        ]),
      );
      expect(mismatch.triggerCode).toBe('last_owner_required');
      const owners = await h.pool.query(
        `SELECT user_id FROM workspace_members WHERE workspace_id = $1 AND role = 'owner'`,
        [workspace.id],
      );
      expect(owners.rows).toEqual([{ user_id: owner.userId }]);
    });

    it('allows an owner transfer done in one transaction', async () => {
      const { workspace } = await workspaceWithOwner();
      const next = await insertUser(h.db);
      await insertMember(h.db, { workspaceId: workspace.id, userId: next.id, role: 'admin' });
      await transferOwnership(h.db, workspace.id, next.id);
      const { rows } = await h.pool.query<{ owner_user_id: string }>(
        'SELECT owner_user_id FROM workspaces WHERE id = $1',
        [workspace.id],
      );
      expect(rows[0]?.owner_user_id).toBe(next.id);
    });

    it('a soft-deleted workspace no longer needs an owner', async () => {
      const { workspace, owner } = await workspaceWithOwner();
      await inTransaction([
        [
          `UPDATE workspaces SET deleted_at = now(), purge_after = now() + interval '30 days' WHERE id = $1`,
          [workspace.id],
        ],
        ['UPDATE workspace_members SET deleted_at = now() WHERE id = $1', [owner.id]],
      ]);
    });

    it('an owner can never be scoped', async () => {
      const { owner, workspace } = await workspaceWithOwner();
      const scopedOwner = await refused(
        h.pool.query('UPDATE workspace_members SET is_scoped = true WHERE id = $1', [owner.id]),
      );
      expect(scopedOwner).toMatchObject({
        sqlState: '23514',
        constraint: 'ck_workspace_members_owner_unscoped',
      });
      const editor = await insertUser(h.db);
      const member = await insertMember(h.db, {
        workspaceId: workspace.id,
        userId: editor.id,
        role: 'editor',
        isScoped: true,
      });
      const promote = await refused(
        h.pool.query(`UPDATE workspace_members SET role = 'owner' WHERE id = $1`, [member.id]),
      );
      expect(promote.sqlState).toBe('23514');
    });

    it('a user who owns a workspace cannot be hard-deleted', async () => {
      const { ownerUser } = await workspaceWithOwner();
      const error = await refused(h.pool.query('DELETE FROM users WHERE id = $1', [ownerUser.id]));
      expect(error.sqlState).toBe('23503');
    });
  });

  describe('resource_grants', () => {
    it('refuses a grant whose member belongs to another workspace', async () => {
      const a = await workspaceWithOwner();
      const b = await workspaceWithOwner();
      const editor = await insertUser(h.db);
      const member = await insertMember(h.db, {
        workspaceId: a.workspace.id,
        userId: editor.id,
        role: 'editor',
        isScoped: true,
      });
      const error = await refused(
        h.pool.query(
          `INSERT INTO resource_grants (workspace_id, member_id, resource_type, resource_id) VALUES ($1, $2, 'link', $3)`,
          [b.workspace.id, member.id, uuidv7()],
        ),
      );
      expect(error).toMatchObject({ sqlState: '23503', constraint: 'fk_resource_grants_member_ws' });
    });

    it('accepts a grant inside the workspace, once per resource, and drops it with the membership row', async () => {
      const a = await workspaceWithOwner();
      const editor = await insertUser(h.db);
      const member = await insertMember(h.db, {
        workspaceId: a.workspace.id,
        userId: editor.id,
        role: 'editor',
        isScoped: true,
      });
      const resourceId = uuidv7();
      const grant = `INSERT INTO resource_grants (workspace_id, member_id, resource_type, resource_id, source) VALUES ($1, $2, 'qr_code', $3, 'auto_on_create')`;
      await h.pool.query(grant, [a.workspace.id, member.id, resourceId]);
      const twice = await refused(h.pool.query(grant, [a.workspace.id, member.id, resourceId]));
      expect(twice.constraint).toBe('ux_resource_grants_member_resource');
      const badType = await refused(
        h.pool.query(
          `INSERT INTO resource_grants (workspace_id, member_id, resource_type, resource_id) VALUES ($1, $2, 'experiment', $3)`,
          [a.workspace.id, member.id, resourceId],
        ),
      );
      expect(badType.sqlState).toBe('23514');
      await h.pool.query('DELETE FROM workspace_members WHERE id = $1', [member.id]);
      const left = await h.pool.query('SELECT 1 FROM resource_grants WHERE member_id = $1', [member.id]);
      expect(left.rowCount).toBe(0);
    });
  });

  describe('audit_log_entries', () => {
    const insertEntry = `INSERT INTO audit_log_entries (workspace_id, actor_type, action, resource_type, resource_id, retention_expires_at)
                         VALUES ($1, 'system', $2, $3, $4, $5) RETURNING id, retention_expires_at`;

    it('refuses UPDATE, DELETE and TRUNCATE', async () => {
      const { rows } = await h.pool.query<{ id: string }>(insertEntry, [
        uuidv7(),
        'link.update',
        'link',
        uuidv7(),
        null,
      ]);
      const id = rows[0]?.id;
      const update = await refused(
        h.pool.query(`UPDATE audit_log_entries SET action = 'forged' WHERE id = $1`, [id]),
      );
      expect(update).toMatchObject({ sqlState: 'P0001', triggerCode: 'audit_log_append_only' });
      const del = await refused(h.pool.query('DELETE FROM audit_log_entries WHERE id = $1', [id]));
      expect(del.triggerCode).toBe('audit_log_append_only');
      const truncate = await refused(h.pool.query('TRUNCATE audit_log_entries'));
      expect(truncate.triggerCode).toBe('audit_log_append_only');
      const still = await h.pool.query('SELECT action FROM audit_log_entries WHERE id = $1', [id]);
      expect(still.rows).toEqual([{ action: 'link.update' }]);
    });

    it('keeps QR destination changes forever, whatever retention the writer asked for', async () => {
      const { rows } = await h.pool.query<{ retention_expires_at: Date | null }>(insertEntry, [
        uuidv7(),
        'qr_code.destination_changed',
        'qr_code',
        uuidv7(),
        new Date(Date.now() - 1000),
      ]);
      expect(rows[0]?.retention_expires_at).toBeNull();
    });

    it('the retention purge removes only expired entries; setting the purge flag by hand cannot remove a live one', async () => {
      const ws = uuidv7();
      const expired = await h.pool.query<{ id: string }>(insertEntry, [
        ws,
        'link.update',
        'link',
        uuidv7(),
        new Date(Date.now() - 60_000),
      ]);
      const live = await h.pool.query<{ id: string }>(insertEntry, [
        ws,
        'link.update',
        'link',
        uuidv7(),
        new Date(Date.now() + 86_400_000),
      ]);
      const forever = await h.pool.query<{ id: string }>(insertEntry, [
        ws,
        'member.remove',
        'member',
        uuidv7(),
        null,
      ]);
      const forced = await refused(
        inTransaction([
          [`SELECT set_config('linkhub.audit_purge', 'on', true)`, []],
          ['DELETE FROM audit_log_entries WHERE id = $1', [live.rows[0]?.id]],
        ]),
      );
      expect(forced.triggerCode).toBe('audit_log_append_only');
      const purged = await h.pool.query<{ n: string }>('SELECT purge_expired_audit_log_entries() AS n');
      expect(Number(purged.rows[0]?.n)).toBeGreaterThanOrEqual(1);
      const remaining = await h.pool.query<{ id: string }>(
        'SELECT id FROM audit_log_entries WHERE workspace_id = $1 ORDER BY id',
        [ws],
      );
      expect(remaining.rows.map((r) => r.id).sort()).toEqual([live.rows[0]?.id, forever.rows[0]?.id].sort());
      expect(remaining.rows.map((r) => r.id)).not.toContain(expired.rows[0]?.id);
    });
  });
});
