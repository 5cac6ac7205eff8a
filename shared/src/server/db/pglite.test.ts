import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './migrate';

// The dev launcher falls back to an embedded PGlite when no PostgreSQL is reachable (docs/product-rules.md#running), so every
// migration must apply there too (no extension beyond what PGlite ships, no server-only features).
describe('migrations on the embedded PGlite database', () => {
  const db = new PGlite();
  beforeAll(async () => {
    await db.waitReady;
  });
  afterAll(async () => db.close());

  it('apply in order, and the permanent-QR triggers work there', async () => {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
    for (const file of files) {
      await expect(
        db.exec(await readFile(path.join(MIGRATIONS_DIR, file), 'utf8')),
        file,
      ).resolves.toBeDefined();
    }
    const u = '00000000-0000-7000-8000-000000000001';
    const ws = '00000000-0000-7000-8000-000000000003';
    const dom = '00000000-0000-7000-8000-000000000004';
    await db.exec(`
      INSERT INTO users (id, email) VALUES ('${u}', 'a@b.test');
      INSERT INTO billing_accounts (id, owner_user_id) VALUES ('00000000-0000-7000-8000-000000000002', '${u}');
      BEGIN;
      INSERT INTO workspaces (id, name, slug, owner_user_id, billing_account_id) VALUES ('${ws}', 'W', 'w', '${u}', '00000000-0000-7000-8000-000000000002');
      INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ('${ws}', '${u}', 'owner');
      COMMIT;
      INSERT INTO custom_domains (id, hostname, is_system, status, verification_method, verified_at) VALUES ('${dom}', 'lnk.localhost', true, 'verified', 'system', now());
      INSERT INTO qr_codes (workspace_id, domain_id, slug, destination_url) VALUES ('${ws}', '${dom}', 'Menu', 'https://example.com');
    `);
    const reserved = await db.query<{ slug: string }>('SELECT slug FROM qr_slug_reservations');
    expect(reserved.rows).toEqual([{ slug: 'menu' }]);
    await expect(
      db.exec(
        `INSERT INTO links (workspace_id, domain_id, slug, destination_url) VALUES ('${ws}', '${dom}', 'MENU', 'https://example.com')`,
      ),
    ).rejects.toThrow(/^qr_slug_reserved/);
    await expect(db.exec('DELETE FROM qr_slug_reservations')).rejects.toThrow(
      /qr_slug_reservation_permanent/,
    );
    const id = await db.query<{ id: string }>('SELECT uuid_generate_v7()::text AS id');
    expect(id.rows[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });
});
