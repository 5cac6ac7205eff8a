import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { isValidOrderKey, orderKeyBetween } from '@linkhub/shared/blocks/order-keys';
import { verifyPassword } from '../../sync-server/src/identity/password-hash';
import { readDemoFile, writeDemoFile } from './demo-file';
import { DEMO_EMAIL, seedDemo, type SeedResult } from './seed-demo';

const hosts = { linkHost: 'lnk.localhost', bioHost: 'bio.localhost' };

describe('seedDemo', () => {
  let database: TestDatabase;
  let client: pg.Client;
  let first: SeedResult;
  beforeAll(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    first = await seedDemo(database.url, hosts, null);
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  it('creates the demo account on Business with a hashed password and a hashed API key', async () => {
    expect(first.created).toBe(true);
    const user = await client.query<{ id: string; password_hash: string }>(
      'SELECT id, password_hash FROM users WHERE email = $1',
      [DEMO_EMAIL],
    );
    expect(await verifyPassword(user.rows[0]?.password_hash ?? '', first.password)).toBe(true);
    const ws = await client.query<{ current_plan_key: string; owner_user_id: string }>(
      'SELECT current_plan_key, owner_user_id FROM workspaces WHERE id = $1',
      [first.workspace_id],
    );
    expect(ws.rows[0]).toEqual({ current_plan_key: 'business', owner_user_id: user.rows[0]?.id });
    expect(first.api_key).toMatch(/^lh_/);
    const keyHash = createHash('sha256').update(first.api_key).digest('hex');
    const key = await client.query<{ workspace_id: string }>(
      'SELECT workspace_id FROM api_keys WHERE key_hash = $1',
      [keyHash],
    );
    expect(key.rows).toEqual([{ workspace_id: first.workspace_id }]);
    const raw = await client.query('SELECT 1 FROM api_keys WHERE key_hash = $1', [first.api_key]);
    expect(raw.rowCount).toBe(0);
  });

  it('gives the demo workspace links, a reserved QR code and a published bio page', async () => {
    const links = await client.query<{ slug: string }>(
      'SELECT slug FROM links WHERE workspace_id = $1 ORDER BY slug',
      [first.workspace_id],
    );
    expect(links.rows.map((r) => r.slug)).toEqual(['docs', 'launch', 'shop']);
    const qr = await client.query(
      'SELECT 1 FROM qr_slug_reservations r JOIN qr_codes q ON q.id = r.qr_code_id WHERE q.workspace_id = $1',
      [first.workspace_id],
    );
    expect(qr.rowCount).toBe(1);
    const page = await client.query<{ handle: string; published: boolean; blocks: string }>(
      `SELECT handle, published_snapshot IS NOT NULL AS published, (SELECT count(*) FROM bio_blocks b WHERE b.page_id = p.id)::text AS blocks FROM bio_pages p WHERE workspace_id = $1`,
      [first.workspace_id],
    );
    expect(page.rows[0]).toMatchObject({ handle: 'demo', published: true });
    expect(Number(page.rows[0]?.blocks)).toBeGreaterThan(3);
  });

  it('puts the second account in its own workspace with its own key', async () => {
    expect(first.other.workspace_id).not.toBe(first.workspace_id);
    expect(first.other.api_key).not.toBe(first.api_key);
    const owners = await client.query<{ n: string }>(
      'SELECT count(DISTINCT owner_user_id)::text AS n FROM workspaces WHERE id = ANY($1)',
      [[first.workspace_id, first.other.workspace_id]],
    );
    expect(owners.rows[0]?.n).toBe('2');
  });

  it('writes block positions the order-key library accepts, so a block can move to the top', async () => {
    const { rows } = await client.query<{ position: string }>(
      'SELECT position FROM bio_blocks WHERE workspace_id = $1 ORDER BY position',
      [first.workspace_id],
    );
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => isValidOrderKey(r.position))).toBe(true);
    expect(() => orderKeyBetween(null, rows[0]?.position ?? null)).not.toThrow();
  });

  it('repairs positions an earlier seed wrote (a000, a001, …) on the next run, keeping the order', async () => {
    const before = await client.query<{ id: string }>(
      'SELECT id FROM bio_blocks WHERE workspace_id = $1 ORDER BY position',
      [first.workspace_id],
    );
    for (const [index, row] of before.rows.entries()) {
      await client.query('UPDATE bio_blocks SET position = $2 WHERE id = $1', [
        row.id,
        `a${String(index).padStart(3, '0')}`,
      ]);
    }
    await seedDemo(database.url, hosts, first);
    const after = await client.query<{ id: string; position: string }>(
      'SELECT id, position FROM bio_blocks WHERE workspace_id = $1 ORDER BY position',
      [first.workspace_id],
    );
    expect(after.rows.map((r) => r.id)).toEqual(before.rows.map((r) => r.id));
    expect(after.rows.every((r) => isValidOrderKey(r.position))).toBe(true);
  });

  it('is idempotent: a re-run with the previous demo.json reuses it and adds nothing', async () => {
    const again = await seedDemo(database.url, hosts, first);
    expect(again).toEqual({ ...first, created: false });
    const users = await client.query('SELECT 1 FROM users');
    expect(users.rowCount).toBe(2);
  });

  it('reissues the password and keys when demo.json was lost', async () => {
    const reissued = await seedDemo(database.url, hosts, null);
    expect(reissued.created).toBe(false);
    expect(reissued.workspace_id).toBe(first.workspace_id);
    expect(reissued.password).not.toBe(first.password);
    expect(reissued.api_key).not.toBe(first.api_key);
    const user = await client.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [DEMO_EMAIL],
    );
    expect(await verifyPassword(user.rows[0]?.password_hash ?? '', reissued.password)).toBe(true);
  });

  it('writes demo.json with exactly the documented keys, in order', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'linkhub-demo-'));
    const file = path.join(dir, 'demo.json');
    try {
      writeDemoFile(
        {
          sync_url: 'http://localhost:8080',
          edge_url: 'http://localhost:8787',
          pwa_url: 'http://localhost:5173',
          link_host: 'lnk.localhost',
          bio_host: 'bio.localhost',
          database_url: database.url,
          redis_url: 'redis://127.0.0.1:6379',
          email: first.email,
          password: first.password,
          workspace_id: first.workspace_id,
          api_key: first.api_key,
          other: first.other,
        },
        file,
      );
      const parsed = readDemoFile(file);
      expect(Object.keys(parsed ?? {})).toEqual([
        'sync_url',
        'edge_url',
        'pwa_url',
        'link_host',
        'bio_host',
        'database_url',
        'redis_url',
        'email',
        'password',
        'workspace_id',
        'api_key',
        'other',
      ]);
      expect(Object.keys(parsed?.other ?? {})).toEqual(['workspace_id', 'api_key']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
