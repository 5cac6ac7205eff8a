import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { createDb, type DbHandle } from './client';
import * as schema from './schema';
import { createTestDatabase, type TestDatabase } from './testing';
import { uuidv7 } from './ids';
import { insertUser, insertWorkspace } from './fixtures';

const drizzleTables = Object.values(schema as Record<string, unknown>).filter(
  (value): value is PgTable => value instanceof PgTable,
);

/**
 * Columns migration 0166 adds only where PostgreSQL's `hll` extension exists (D-380): the drizzle
 * schema leaves them out, since a database without the extension (PGlite) has none.
 */
const HLL_SKETCH_COLUMNS: Record<string, readonly string[]> = {
  analytics_cube_hourly: ['click_visitors', 'scan_visitors', 'page_view_visitors'],
  analytics_cube_workspace_hourly: ['click_visitors', 'scan_visitors', 'page_view_visitors'],
};

describe('schema', () => {
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

  it('the drizzle schema names exactly the tables and columns the migrations create', async () => {
    const { rows } = await h.pool.query<{ table_name: string; column_name: string; is_nullable: string }>(
      `SELECT c.table_name, c.column_name, c.is_nullable
         FROM information_schema.columns c
         JOIN pg_class k ON k.relname = c.table_name AND k.relnamespace = 'public'::regnamespace
        WHERE c.table_schema = 'public' AND NOT k.relispartition AND c.table_name <> 'schema_migrations'`,
    );
    const database = new Map<string, Map<string, boolean>>();
    for (const row of rows) {
      if (HLL_SKETCH_COLUMNS[row.table_name]?.includes(row.column_name)) continue;
      const columns = database.get(row.table_name) ?? new Map<string, boolean>();
      columns.set(row.column_name, row.is_nullable === 'NO');
      database.set(row.table_name, columns);
    }
    const declared = new Map<string, Map<string, boolean>>();
    for (const table of drizzleTables) {
      const config = getTableConfig(table);
      declared.set(config.name, new Map(config.columns.map((c) => [c.name, c.notNull])));
    }
    expect([...declared.keys()].sort()).toEqual([...database.keys()].sort());
    for (const [table, columns] of declared) {
      expect(Object.fromEntries(columns), table).toEqual(Object.fromEntries(database.get(table) ?? []));
    }
  });

  /** The event log: an entry's events are stored once through the ingest_stream_entries ledger (D-443). */
  const KEYLESS = ['click_events'];

  it('has more than forty tables, every one but the event log with a primary key', async () => {
    const { rows } = await h.pool.query<{ relname: string; has_pk: boolean }>(
      `SELECT k.relname, EXISTS (SELECT 1 FROM pg_constraint p WHERE p.conrelid = k.oid AND p.contype = 'p') AS has_pk
         FROM pg_class k WHERE k.relnamespace = 'public'::regnamespace AND k.relkind IN ('r', 'p') AND NOT k.relispartition`,
    );
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.filter((r) => !r.has_pk).map((r) => r.relname)).toEqual(KEYLESS);
  });

  it('uses no native enum types', async () => {
    const { rows } = await h.pool.query(`SELECT typname FROM pg_type WHERE typtype = 'e'`);
    expect(rows).toEqual([]);
  });

  it('every synced table carries row_version and soft deletes', async () => {
    const synced = [
      'workspaces',
      'workspace_members',
      'custom_domains',
      'links',
      'bio_pages',
      'bio_blocks',
      'qr_codes',
      'sync_notices',
      'analytics_summaries',
    ];
    const { rows } = await h.pool.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name IN ('row_version', 'deleted_at') AND table_name = ANY($1)`,
      [synced],
    );
    for (const table of synced) {
      const names = rows
        .filter((r) => r.table_name === table)
        .map((r) => r.column_name)
        .sort();
      expect(names, table).toEqual(['deleted_at', 'row_version']);
    }
  });

  it('generates time-ordered version-7 ids in the database and in code', async () => {
    const { rows } = await h.pool.query<{ id: string }>(
      'SELECT uuid_generate_v7()::text AS id FROM generate_series(1, 50)',
    );
    for (const { id } of rows)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const first = rows[0]?.id ?? '';
    expect(uuidv7()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    // millisecond prefix: a code-made id right after is not older than the database's
    expect(uuidv7().slice(0, 13) >= first.slice(0, 13)).toBe(true);
    const user = await insertUser(h.db);
    expect(user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it('bumps row_version and updated_at on every update of a synced row', async () => {
    const user = await insertUser(h.db);
    const { workspace } = await insertWorkspace(h.db, { ownerUserId: user.id });
    expect(workspace.rowVersion).toBe(1);
    await h.pool.query(`UPDATE workspaces SET name = 'Renamed' WHERE id = $1`, [workspace.id]);
    await h.pool.query(`UPDATE workspaces SET name = 'Renamed again', row_version = 1 WHERE id = $1`, [
      workspace.id,
    ]);
    const { rows } = await h.pool.query<{ row_version: string; updated_at: Date }>(
      'SELECT row_version, updated_at FROM workspaces WHERE id = $1',
      [workspace.id],
    );
    expect(Number(rows[0]?.row_version)).toBe(3);
    expect(rows[0]?.updated_at.getTime()).toBeGreaterThanOrEqual(workspace.updatedAt.getTime());
  });

  it('stores emails, slugs and host names normalised', async () => {
    const user = await insertUser(h.db, { email: '  Maya@Example.TEST ' });
    expect(user.email).toBe('maya@example.test');
    const { rows } = await h.pool.query<{ hostname: string }>(
      `INSERT INTO custom_domains (hostname, is_system, status, verification_method, verified_at)
       VALUES ('GO.Example.TEST', true, 'verified', 'system', now()) RETURNING hostname`,
    );
    expect(rows[0]?.hostname).toBe('go.example.test');
  });
});
