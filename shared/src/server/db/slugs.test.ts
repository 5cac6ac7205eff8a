import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client';
import { createTestDatabase, type TestDatabase } from './testing';
import { insertMember, insertUser, insertWorkspace } from './fixtures';
import { ensureSystemDomains } from './system-domains';
import { isQrSlugReserved } from './errors';
import { links } from './schema';
import { refused } from './test-helpers';

describe('hosts, slugs and permanent QR reservations', () => {
  let testDb: TestDatabase;
  let h: DbHandle;
  let linkDomainId: string;
  let bioDomainId: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    h = createDb(testDb.url);
    ({ linkDomainId, bioDomainId } = await ensureSystemDomains(h.db, {
      linkHost: 'lnk.localhost',
      bioHost: 'bio.localhost',
    }));
  });
  afterAll(async () => {
    await h.close();
    await testDb.drop();
  });

  async function workspace() {
    const ownerUser = await insertUser(h.db);
    const created = await insertWorkspace(h.db, { ownerUserId: ownerUser.id });
    return { ownerUser, workspaceId: created.workspace.id };
  }
  let counter = 0;
  const unique = (base: string) => `${base}-${(counter += 1)}-${Date.now().toString(36)}`;

  const insertLink = (
    workspaceId: string,
    slug: string,
    domainId = linkDomainId,
    qrCodeId: string | null = null,
  ) =>
    h.pool.query<{ id: string; slug: string }>(
      `INSERT INTO links (workspace_id, domain_id, slug, destination_url, qr_code_id) VALUES ($1, $2, $3, 'https://example.com/', $4) RETURNING id, slug`,
      [workspaceId, domainId, slug, qrCodeId],
    );
  const insertQr = (
    workspaceId: string,
    slug: string,
    createdBy: string | null = null,
    domainId = linkDomainId,
  ) =>
    h.pool.query<{ id: string; slug: string }>(
      `INSERT INTO qr_codes (workspace_id, domain_id, slug, destination_url, created_by_user_id) VALUES ($1, $2, $3, 'https://example.com/menu', $4) RETURNING id, slug`,
      [workspaceId, domainId, slug, createdBy],
    );
  const reservationsFor = async (qrId: string | undefined) =>
    (await h.pool.query('SELECT slug FROM qr_slug_reservations WHERE qr_code_id = $1', [qrId])).rows;

  describe('system hosts', () => {
    it('ensureSystemDomains is idempotent and makes verified system rows without a workspace', async () => {
      const again = await ensureSystemDomains(h.db, { linkHost: 'LNK.localhost', bioHost: 'bio.localhost' });
      expect(again).toEqual({ linkDomainId, bioDomainId });
      const { rows } = await h.pool.query(
        `SELECT hostname, purpose, workspace_id, is_system, status FROM custom_domains WHERE id = ANY($1) ORDER BY hostname`,
        [[linkDomainId, bioDomainId]],
      );
      expect(rows).toEqual([
        {
          hostname: 'bio.localhost',
          purpose: 'bio',
          workspace_id: null,
          is_system: true,
          status: 'verified',
        },
        {
          hostname: 'lnk.localhost',
          purpose: 'links',
          workspace_id: null,
          is_system: true,
          status: 'verified',
        },
      ]);
      const same = await ensureSystemDomains(h.db, { linkHost: 'one.localhost', bioHost: 'one.localhost' });
      expect(same.linkDomainId).toBe(same.bioDomainId);
    });

    it('concurrent callers of ensureSystemDomains get the same rows', async () => {
      const hosts = { linkHost: 'par.localhost', bioHost: 'parbio.localhost' };
      const results = await Promise.all([1, 2, 3].map(() => ensureSystemDomains(h.db, hosts)));
      expect(new Set(results.map((r) => `${r.linkDomainId}/${r.bioDomainId}`)).size).toBe(1);
    });

    it('a system row has no workspace and a workspace domain is never a system row', async () => {
      const { workspaceId } = await workspace();
      const orphan = await refused(
        h.pool.query(`INSERT INTO custom_domains (hostname) VALUES ('orphan.example.test')`),
      );
      expect(orphan).toMatchObject({ sqlState: '23514', constraint: 'ck_custom_domains_system_host' });
      const fake = await refused(
        h.pool.query(
          `INSERT INTO custom_domains (workspace_id, hostname, is_system, status, verification_method, verified_at) VALUES ($1, 'fake.example.test', true, 'verified', 'system', now())`,
          [workspaceId],
        ),
      );
      expect(fake.constraint).toBe('ck_custom_domains_system_host');
    });

    it('a system host can be neither deleted nor soft-deleted, and its name cannot be claimed by a workspace', async () => {
      const del = await refused(h.pool.query('DELETE FROM custom_domains WHERE id = $1', [linkDomainId]));
      expect(del.triggerCode).toBe('system_domain_protected');
      const soft = await refused(
        h.pool.query('UPDATE custom_domains SET deleted_at = now() WHERE id = $1', [linkDomainId]),
      );
      expect(soft.triggerCode).toBe('system_domain_protected');
      const { workspaceId } = await workspace();
      const claim = await refused(
        h.pool.query(`INSERT INTO custom_domains (workspace_id, hostname) VALUES ($1, 'lnk.localhost')`, [
          workspaceId,
        ]),
      );
      expect(claim).toMatchObject({ sqlState: '23505', constraint: 'ux_custom_domains_hostname' });
      await expect(
        ensureSystemDomains(h.db, { linkHost: 'lnk.localhost', bioHost: 'bio.localhost' }),
      ).resolves.toBeDefined();
    });

    it('ensureSystemDomains refuses a host that is already a workspace custom domain', async () => {
      const { workspaceId } = await workspace();
      await h.pool.query(`INSERT INTO custom_domains (workspace_id, hostname) VALUES ($1, 'go.brand.test')`, [
        workspaceId,
      ]);
      await expect(
        ensureSystemDomains(h.db, { linkHost: 'go.brand.test', bioHost: 'bio.localhost' }),
      ).rejects.toThrow(/custom domain/);
    });

    it('content rows need a domain, and never another workspace’s', async () => {
      const a = await workspace();
      const b = await workspace();
      const noDomain = await refused(
        h.pool.query(
          `INSERT INTO links (workspace_id, slug, destination_url) VALUES ($1, 'x', 'https://e.com')`,
          [a.workspaceId],
        ),
      );
      expect(noDomain.sqlState).toBe('23502');
      const { rows } = await h.pool.query<{ id: string }>(
        `INSERT INTO custom_domains (workspace_id, hostname) VALUES ($1, $2) RETURNING id`,
        [b.workspaceId, `${unique('b')}.example.test`],
      );
      const foreign = await refused(insertLink(a.workspaceId, unique('steal'), rows[0]?.id));
      expect(foreign.triggerCode).toBe('domain_not_in_workspace');
      const foreignQr = await refused(insertQr(a.workspaceId, unique('steal'), null, rows[0]?.id));
      expect(foreignQr.triggerCode).toBe('domain_not_in_workspace');
      await expect(insertLink(b.workspaceId, unique('own'), rows[0]?.id)).resolves.toBeDefined();
    });
  });

  describe('(domain_id, slug) uniqueness', () => {
    it('a link slug is unique per host, case-insensitively', async () => {
      const a = await workspace();
      const b = await workspace();
      const slug = unique('Spring');
      const { rows } = await insertLink(a.workspaceId, slug);
      expect(rows[0]?.slug).toBe(slug.toLowerCase());
      const clash = await refused(insertLink(b.workspaceId, slug.toUpperCase()));
      expect(clash).toMatchObject({ sqlState: '23505', constraint: 'ux_links_domain_slug' });
      // the same slug on another host is a different address
      const { rows: domain } = await h.pool.query<{ id: string }>(
        `INSERT INTO custom_domains (workspace_id, hostname) VALUES ($1, $2) RETURNING id`,
        [b.workspaceId, `${unique('go')}.example.test`],
      );
      await expect(insertLink(b.workspaceId, slug, domain[0]?.id)).resolves.toBeDefined();
    });

    it('a QR slug is unique per host', async () => {
      const a = await workspace();
      const slug = unique('menu');
      await insertQr(a.workspaceId, slug);
      const second = await refused(insertQr(a.workspaceId, slug.toUpperCase()));
      expect(second.triggerCode).toBe('qr_slug_reserved');
    });
  });

  describe('qr_slug_reservations', () => {
    it('creating a QR code reserves its slug in the same statement', async () => {
      const a = await workspace();
      const { rows } = await insertQr(a.workspaceId, unique('Table'));
      expect(await reservationsFor(rows[0]?.id)).toEqual([{ slug: rows[0]?.slug }]);
    });

    it('a short link may not take a reserved slug, by insert or by rename; the 409 is recognisable', async () => {
      const a = await workspace();
      const b = await workspace();
      const slug = unique('menu');
      await insertQr(a.workspaceId, slug);
      const taken = await refused(insertLink(b.workspaceId, slug.toUpperCase()));
      expect(taken).toMatchObject({ sqlState: 'P0001', triggerCode: 'qr_slug_reserved' });
      const { rows } = await insertLink(b.workspaceId, unique('free'));
      const rename = await refused(
        h.pool.query('UPDATE links SET slug = $1 WHERE id = $2', [slug, rows[0]?.id]),
      );
      expect(rename.triggerCode).toBe('qr_slug_reserved');
      // through drizzle, as the command layer will see it
      let caught: unknown;
      await h.db
        .insert(links)
        .values({
          workspaceId: b.workspaceId,
          domainId: linkDomainId,
          slug,
          destinationUrl: 'https://example.com/',
        })
        .catch((error: unknown) => {
          caught = error;
        });
      expect(isQrSlugReserved(caught)).toBe(true);
    });

    it('the QR’s own pinned link may carry its slug', async () => {
      const a = await workspace();
      const slug = unique('pinned');
      const { rows } = await insertQr(a.workspaceId, slug);
      const { rows: link } = await insertLink(a.workspaceId, slug, linkDomainId, rows[0]?.id ?? null);
      expect(link[0]?.slug).toBe(slug);
      const unpin = await refused(
        h.pool.query('UPDATE links SET qr_code_id = NULL WHERE id = $1', [link[0]?.id]),
      );
      expect(unpin.triggerCode).toBe('qr_slug_reserved');
    });

    it('a QR may not take a live link’s slug; once the link is deleted it may, and the link cannot come back', async () => {
      const a = await workspace();
      const slug = unique('sale');
      const { rows: link } = await insertLink(a.workspaceId, slug);
      const taken = await refused(insertQr(a.workspaceId, slug));
      expect(taken.triggerCode).toBe('qr_slug_reserved');
      await h.pool.query('UPDATE links SET deleted_at = now() WHERE id = $1', [link[0]?.id]);
      await insertQr(a.workspaceId, slug);
      const restore = await refused(
        h.pool.query('UPDATE links SET deleted_at = NULL WHERE id = $1', [link[0]?.id]),
      );
      expect(restore.triggerCode).toBe('qr_slug_reserved');
    });

    it('a link and a QR racing for the same slug in concurrent transactions cannot both win', async () => {
      const a = await workspace();
      const slug = unique('race');
      const first = await h.pool.connect();
      const second = await h.pool.connect();
      try {
        await first.query('BEGIN');
        await first.query(
          `INSERT INTO links (workspace_id, domain_id, slug, destination_url) VALUES ($1, $2, $3, 'https://example.com/')`,
          [a.workspaceId, linkDomainId, slug],
        );
        await second.query('BEGIN');
        // blocks on the (domain, slug) advisory lock until the link's transaction commits, then sees the link
        const racing = second.query(
          `INSERT INTO qr_codes (workspace_id, domain_id, slug, destination_url) VALUES ($1, $2, $3, 'https://example.com/')`,
          [a.workspaceId, linkDomainId, slug],
        );
        const outcome = racing.then(
          () => 'inserted',
          (error: unknown) => error,
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        await first.query('COMMIT');
        const result = await outcome;
        expect(isQrSlugReserved(result)).toBe(true);
        await second.query('ROLLBACK');
      } finally {
        first.release();
        second.release();
      }
    });

    it('a reservation can be neither deleted, changed nor truncated', async () => {
      const a = await workspace();
      const { rows } = await insertQr(a.workspaceId, unique('forever'));
      const del = await refused(
        h.pool.query('DELETE FROM qr_slug_reservations WHERE qr_code_id = $1', [rows[0]?.id]),
      );
      expect(del).toMatchObject({ sqlState: 'P0001', triggerCode: 'qr_slug_reservation_permanent' });
      const upd = await refused(
        h.pool.query(`UPDATE qr_slug_reservations SET slug = 'other' WHERE qr_code_id = $1`, [rows[0]?.id]),
      );
      expect(upd.triggerCode).toBe('qr_slug_reservation_permanent');
      const trunc = await refused(h.pool.query('TRUNCATE qr_slug_reservations CASCADE'));
      expect(trunc.triggerCode).toBe('qr_slug_reservation_permanent');
      expect(await reservationsFor(rows[0]?.id)).toHaveLength(1);
    });

    it('has no deleted_at, and no foreign key can cascade into it', async () => {
      const columns = await h.pool.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'qr_slug_reservations' AND column_name = 'deleted_at'`,
      );
      expect(columns.rowCount).toBe(0);
      const fks = await h.pool.query<{ conname: string; confdeltype: string; confupdtype: string }>(
        `SELECT conname, confdeltype, confupdtype FROM pg_constraint
          WHERE contype = 'f' AND (conrelid = 'qr_slug_reservations'::regclass OR confrelid = 'qr_slug_reservations'::regclass)`,
      );
      expect(fks.rows.length).toBe(3);
      // 'r' = RESTRICT, 'a' = NO ACTION: deleting a referenced row is refused, never cascaded or nulled
      for (const fk of fks.rows) {
        expect(['r', 'a'], fk.conname).toContain(fk.confdeltype);
        expect(['r', 'a'], fk.conname).toContain(fk.confupdtype);
      }
    });

    it('a QR’s host and slug never change', async () => {
      const a = await workspace();
      const { rows } = await insertQr(a.workspaceId, unique('print'));
      const error = await refused(
        h.pool.query(`UPDATE qr_codes SET slug = 'elsewhere' WHERE id = $1`, [rows[0]?.id]),
      );
      expect(error.triggerCode).toBe('qr_slug_immutable');
      const moved = await refused(
        h.pool.query('UPDATE qr_codes SET domain_id = $1 WHERE id = $2', [bioDomainId, rows[0]?.id]),
      );
      expect(moved.triggerCode).toBe('qr_slug_immutable');
      await h.pool.query(
        `UPDATE qr_codes SET destination_url = 'https://example.com/new', archived_at = now() WHERE id = $1`,
        [rows[0]?.id],
      );
    });

    it('hard-deleting the workspace, the QR code or its domain is refused and the reservation stays', async () => {
      const a = await workspace();
      const { rows: domain } = await h.pool.query<{ id: string }>(
        `INSERT INTO custom_domains (workspace_id, hostname) VALUES ($1, $2) RETURNING id`,
        [a.workspaceId, `${unique('qr')}.example.test`],
      );
      const { rows } = await insertQr(a.workspaceId, unique('pack'), null, domain[0]?.id);
      const qrId = rows[0]?.id;
      const ws = await refused(h.pool.query('DELETE FROM workspaces WHERE id = $1', [a.workspaceId]));
      expect(ws.sqlState).toBe('23503');
      const qr = await refused(h.pool.query('DELETE FROM qr_codes WHERE id = $1', [qrId]));
      expect(qr.sqlState).toBe('23503');
      const dom = await refused(h.pool.query('DELETE FROM custom_domains WHERE id = $1', [domain[0]?.id]));
      expect(dom.sqlState).toBe('23503');
      expect(await reservationsFor(qrId)).toHaveLength(1);
      // soft deletion of the workspace (the product's delete) leaves it too
      await h.pool.query(
        `UPDATE workspaces SET deleted_at = now(), purge_after = now() + interval '30 days' WHERE id = $1`,
        [a.workspaceId],
      );
      expect(await reservationsFor(qrId)).toHaveLength(1);
    });

    it('deleting the account of the member who created a QR code leaves the reservation; the owner’s account cannot be deleted', async () => {
      const a = await workspace();
      const creator = await insertUser(h.db);
      await insertMember(h.db, { workspaceId: a.workspaceId, userId: creator.id, role: 'editor' });
      const { rows } = await insertQr(a.workspaceId, unique('flyer'), creator.id);
      await h.pool.query('DELETE FROM users WHERE id = $1', [creator.id]);
      expect(await reservationsFor(rows[0]?.id)).toHaveLength(1);
      const qr = await h.pool.query('SELECT created_by_user_id FROM qr_codes WHERE id = $1', [rows[0]?.id]);
      expect(qr.rows).toEqual([{ created_by_user_id: null }]);
      const owner = await refused(h.pool.query('DELETE FROM users WHERE id = $1', [a.ownerUser.id]));
      expect(owner.sqlState).toBe('23503');
      expect(await reservationsFor(rows[0]?.id)).toHaveLength(1);
    });
  });
});
