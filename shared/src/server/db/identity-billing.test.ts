import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, type DbHandle } from './client';
import { createTestDatabase, type TestDatabase } from './testing';
import { insertUser, insertWorkspace } from './fixtures';
import { paymentEvents } from './schema';
import { refused } from './test-helpers';

describe('identity, API and billing constraints', () => {
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

  it('one live account per email, whatever its case; a deleted account frees the address', async () => {
    const user = await insertUser(h.db, { email: 'Daniel@Example.test' });
    const clash = await refused(insertUser(h.db, { email: 'daniel@example.TEST' }));
    expect(clash).toMatchObject({ sqlState: '23505', constraint: 'ux_users_email' });
    await h.pool.query('UPDATE users SET deleted_at = now() WHERE id = $1', [user.id]);
    await expect(insertUser(h.db, { email: 'daniel@example.test' })).resolves.toBeDefined();
  });

  it('a password hash always names its algorithm', async () => {
    const error = await refused(
      h.pool.query(`INSERT INTO users (email, password_hash) VALUES ('nohash@example.test', 'x')`),
    );
    expect(error.constraint).toBe('ck_users_password_pair');
  });

  it('sessions store a unique token hash and a rolling expiry inside the absolute one', async () => {
    const user = await insertUser(h.db);
    const insert = `INSERT INTO sessions (user_id, token_hash, rolling_expires_at, absolute_expires_at) VALUES ($1, $2, $3, $4)`;
    const soon = new Date(Date.now() + 3_600_000);
    const later = new Date(Date.now() + 86_400_000);
    await h.pool.query(insert, [user.id, 'hash-1', soon, later]);
    expect((await refused(h.pool.query(insert, [user.id, 'hash-1', soon, later]))).constraint).toBe(
      'ux_sessions_token_hash',
    );
    expect((await refused(h.pool.query(insert, [user.id, 'hash-2', later, soon]))).constraint).toBe(
      'ck_sessions_expiry_order',
    );
    const token = await h.pool.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'sessions' AND column_name IN ('token', 'session_token')`,
    );
    expect(token.rowCount).toBe(0);
  });

  it('a redelivered Stripe event is recognised by its id', async () => {
    const record = () =>
      h.db
        .insert(paymentEvents)
        .values({ eventId: 'evt_123', eventType: 'invoice.paid', payloadHash: 'abc' })
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id });
    expect(await record()).toHaveLength(1);
    expect(await record()).toHaveLength(0);
  });

  it('an idempotency key is unique per scope, and an API key hash and prefix are unique', async () => {
    const owner = await insertUser(h.db);
    const { workspace } = await insertWorkspace(h.db, { ownerUserId: owner.id });
    const idem = `INSERT INTO idempotency_keys (workspace_id, scope, key, request_hash) VALUES ($1, $2, 'k1', 'h')`;
    await h.pool.query(idem, [workspace.id, 'api_key:a']);
    await h.pool.query(idem, [workspace.id, 'api_key:b']);
    expect((await refused(h.pool.query(idem, [workspace.id, 'api_key:a']))).constraint).toBe(
      'ux_idempotency_keys_scope_key',
    );
    const key = `INSERT INTO api_keys (workspace_id, name, prefix, key_hash, scopes) VALUES ($1, 'ci', $2, $3, ARRAY['links:read'])`;
    await h.pool.query(key, [workspace.id, 'lh_abcd', 'hash-a']);
    expect((await refused(h.pool.query(key, [workspace.id, 'lh_efgh', 'hash-a']))).constraint).toBe(
      'ux_api_keys_key_hash',
    );
    expect((await refused(h.pool.query(key, [workspace.id, 'lh_abcd', 'hash-b']))).constraint).toBe(
      'ux_api_keys_prefix',
    );
  });

  it('plans exist for free, pro and business; workspace billing status is a known value', async () => {
    const plans = await h.db.execute(sql`SELECT key FROM plans ORDER BY sort_order`);
    expect(plans.rows).toEqual([{ key: 'free' }, { key: 'pro' }, { key: 'business' }]);
    const owner = await insertUser(h.db);
    const { workspace } = await insertWorkspace(h.db, { ownerUserId: owner.id, plan: 'pro' });
    const bad = await refused(
      h.pool.query(`UPDATE workspaces SET billing_status = 'late' WHERE id = $1`, [workspace.id]),
    );
    expect(bad.sqlState).toBe('23514');
    const pastDue = await refused(
      h.pool.query(`UPDATE workspaces SET billing_status = 'past_due' WHERE id = $1`, [workspace.id]),
    );
    expect(pastDue.constraint).toBe('ck_workspaces_past_due');
    await h.pool.query(
      `UPDATE workspaces SET billing_status = 'past_due', past_due_since = now() - interval '8 days', writes_blocked = true WHERE id = $1`,
      [workspace.id],
    );
  });
});
