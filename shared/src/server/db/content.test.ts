import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client';
import { createTestDatabase, type TestDatabase } from './testing';
import { insertUser, insertWorkspace } from './fixtures';
import { ensureSystemDomains } from './system-domains';
import { refused } from './test-helpers';

describe('content constraints: bio pages, blocks, experiments, leads, pinned links', () => {
  let testDb: TestDatabase;
  let h: DbHandle;
  let linkDomainId: string;
  let bioDomainId: string;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    h = createDb(testDb.url);
    ({ linkDomainId, bioDomainId } = await ensureSystemDomains(h.db, {}));
  });
  afterAll(async () => {
    await h.close();
    await testDb.drop();
  });

  async function workspaceId(): Promise<string> {
    const owner = await insertUser(h.db);
    return (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
  }
  let n = 0;
  const handle = () => `maya${(n += 1)}${Date.now().toString(36)}`;
  const insertPage = (ws: string, pageHandle: string) =>
    h.pool.query<{ id: string; handle: string }>(
      `INSERT INTO bio_pages (workspace_id, domain_id, handle, title) VALUES ($1, $2, $3, 'Maya') RETURNING id, handle`,
      [ws, bioDomainId, pageHandle],
    );

  it('a handle is unique per host among live pages, case-insensitively, and is freed by deletion', async () => {
    const a = await workspaceId();
    const b = await workspaceId();
    const name = handle();
    const { rows } = await insertPage(a, name.toUpperCase());
    expect(rows[0]?.handle).toBe(name);
    expect((await refused(insertPage(b, name))).constraint).toBe('ux_bio_pages_domain_handle');
    await h.pool.query('UPDATE bio_pages SET deleted_at = now() WHERE id = $1', [rows[0]?.id]);
    await expect(insertPage(b, name)).resolves.toBeDefined();
  });

  it('a published page always has its snapshot and time together', async () => {
    const { rows } = await insertPage(await workspaceId(), handle());
    const half = await refused(
      h.pool.query('UPDATE bio_pages SET published_at = now() WHERE id = $1', [rows[0]?.id]),
    );
    expect(half.constraint).toBe('ck_bio_pages_published_pair');
    await h.pool.query(
      `UPDATE bio_pages SET published_at = now(), published_snapshot = '{"page": {}, "blocks": []}', published_revision = 1 WHERE id = $1`,
      [rows[0]?.id],
    );
  });

  it('a block belongs to a page of its own workspace, has a known type, and sorts by byte order', async () => {
    const a = await workspaceId();
    const b = await workspaceId();
    const { rows } = await insertPage(a, handle());
    const pageId = rows[0]?.id;
    const block = `INSERT INTO bio_blocks (page_id, workspace_id, position, type, data) VALUES ($1, $2, $3, $4, '{}')`;
    const cross = await refused(h.pool.query(block, [pageId, b, 'a0', 'text']));
    expect(cross).toMatchObject({ sqlState: '23503', constraint: 'fk_bio_blocks_page_ws' });
    expect((await refused(h.pool.query(block, [pageId, a, 'a0', 'carousel']))).sqlState).toBe('23514');
    for (const position of ['a', 'Z0', 'B']) await h.pool.query(block, [pageId, a, position, 'divider']);
    const order = await h.pool.query<{ position: string }>(
      'SELECT position FROM bio_blocks WHERE page_id = $1 ORDER BY position',
      [pageId],
    );
    expect(order.rows.map((r) => r.position)).toEqual(['B', 'Z0', 'a']);
  });

  it('one live lead per page and email address', async () => {
    const ws = await workspaceId();
    const { rows } = await insertPage(ws, handle());
    const lead = `INSERT INTO leads (workspace_id, page_id, email) VALUES ($1, $2, $3)`;
    await h.pool.query(lead, [ws, rows[0]?.id, 'Fan@Example.test']);
    expect((await refused(h.pool.query(lead, [ws, rows[0]?.id, 'fan@example.TEST']))).constraint).toBe(
      'ux_leads_page_email',
    );
  });

  it('at most one running experiment per resource; variants stay in their experiment’s workspace and weight range', async () => {
    const ws = await workspaceId();
    const other = await workspaceId();
    const { rows: link } = await h.pool.query<{ id: string }>(
      `INSERT INTO links (workspace_id, domain_id, slug, destination_url) VALUES ($1, $2, $3, 'https://example.com') RETURNING id`,
      [ws, linkDomainId, handle()],
    );
    const experiment = `INSERT INTO experiments (workspace_id, resource_type, resource_id, name, status) VALUES ($1, 'link', $2, 'Hero test', $3) RETURNING id`;
    const { rows } = await h.pool.query<{ id: string }>(experiment, [ws, link[0]?.id, 'running']);
    expect((await refused(h.pool.query(experiment, [ws, link[0]?.id, 'running']))).constraint).toBe(
      'ux_experiments_resource_active',
    );
    await h.pool.query(experiment, [ws, link[0]?.id, 'draft']);
    const variant = `INSERT INTO experiment_variants (experiment_id, workspace_id, key, name, weight) VALUES ($1, $2, $3, $3, $4)`;
    await h.pool.query(variant, [rows[0]?.id, ws, 'a', 5000]);
    expect((await refused(h.pool.query(variant, [rows[0]?.id, other, 'b', 5000]))).constraint).toBe(
      'fk_experiment_variants_exp_ws',
    );
    expect((await refused(h.pool.query(variant, [rows[0]?.id, ws, 'c', 10001]))).sqlState).toBe('23514');
  });

  it('a link pinned to a QR code can be neither archived nor deleted', async () => {
    const ws = await workspaceId();
    const slug = handle();
    const client = await h.pool.connect();
    let linkId: string | undefined;
    try {
      await client.query('BEGIN');
      const { rows: link } = await client.query<{ id: string }>(
        `INSERT INTO links (workspace_id, domain_id, slug, destination_url) VALUES ($1, $2, $3, 'https://example.com/menu') RETURNING id`,
        [ws, linkDomainId, `${slug}-target`],
      );
      linkId = link[0]?.id;
      const { rows: qr } = await client.query<{ id: string }>(
        `INSERT INTO qr_codes (workspace_id, domain_id, slug, link_id) VALUES ($1, $2, $3, $4) RETURNING id`,
        [ws, linkDomainId, slug, linkId],
      );
      await client.query('UPDATE links SET qr_code_id = $1 WHERE id = $2', [qr[0]?.id, linkId]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const archive = await refused(
      h.pool.query('UPDATE links SET archived_at = now() WHERE id = $1', [linkId]),
    );
    expect(archive.constraint).toBe('ck_links_pinned_not_archived');
    const softDelete = await refused(
      h.pool.query('UPDATE links SET deleted_at = now() WHERE id = $1', [linkId]),
    );
    expect(softDelete.constraint).toBe('ck_links_pinned_not_archived');
    expect((await refused(h.pool.query('DELETE FROM links WHERE id = $1', [linkId]))).sqlState).toBe('23503');
  });
});
