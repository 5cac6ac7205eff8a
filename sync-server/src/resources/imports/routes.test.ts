import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import type { ImportRowResult } from '@linkhub/shared/imports/api';
import { setPlan, startKit, type Kit } from '../../testing/accounts-kit';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../../shared/src/imports/fixtures/${name}`, import.meta.url), 'utf8');

type Answer = {
  data: ImportRowResult[];
  meta: { counts: Record<string, number>; format: string; dry_run: boolean };
};

/** `POST /v1/imports` against the real app and PostgreSQL: dry run, run, re-run, conflicts, own domains, limits. */
describe('POST /v1/imports', () => {
  let kit: Kit;
  let key: string;
  let readOnlyKey: string;
  let workspaceId: string;
  let otherKey: string;

  const sql = async <R>(text: string, values: unknown[] = []): Promise<R[]> =>
    (await kit.deps.pool.query(text, values)).rows as R[];
  const importFile = async (token: string, body: Record<string, unknown>) => {
    const res = await kit.call('POST', '/v1/imports', { token, body });
    return {
      status: res.status,
      body: (await res.json()) as Answer & { error?: { code: string; message: string } },
    };
  };
  const linkCount = async () =>
    Number(
      (await sql<{ n: string }>('SELECT count(*) AS n FROM links WHERE workspace_id = $1', [workspaceId]))[0]
        ?.n,
    );

  const apiKey = async (token: string, ws: string, scopes: string[]) => {
    const res = await kit.call('POST', `/api/workspaces/${ws}/api-keys`, {
      token,
      body: { name: 'import', scopes },
    });
    return (await kit.json<{ data: { key: string } }>(res)).data.key;
  };

  beforeAll(async () => {
    kit = await startKit();
    const h = createDb(kit.database.url);
    await ensureSystemDomains(h.db, {});
    await h.close();
    const owner = await kit.signUp('importer@example.com');
    workspaceId = owner.workspaceId;
    await setPlan(kit, workspaceId, 'business');
    key = await apiKey(owner.token, workspaceId, ['links:read', 'links:write']);
    readOnlyKey = await apiKey(owner.token, workspaceId, ['links:read']);
    await sql(
      `INSERT INTO custom_domains (workspace_id, hostname, purpose, status, verified_at)
       VALUES ($1, 'links.example.org', 'links', 'verified', now())`,
      [workspaceId],
    );
    const other = await kit.signUp('neighbour@example.com');
    await setPlan(kit, other.workspaceId, 'business');
    otherKey = await apiKey(other.token, other.workspaceId, ['links:read', 'links:write']);
  });
  afterAll(async () => {
    await kit.stop();
  });

  it('a dry run says what would happen and creates nothing', async () => {
    const { status, body } = await importFile(key, {
      source: 'shlink',
      content: fixture('shlink-web-client.csv'),
      dry_run: true,
    });
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({
      format: 'csv',
      dry_run: true,
      counts: { would_create: 2, created: 0 },
    });
    expect(body.data.map((r) => [r.row, r.status, r.domain, r.slug, r.imported_clicks])).toEqual([
      [2, 'would_create', 'lnk.localhost', '12c18', 328],
      [3, 'would_create', 'links.example.org', 'jobs', 5],
    ]);
    expect(await linkCount()).toBe(0);
  });

  it('creates the links with their title, tags, expiry and imported click total; the workspace’s own domain is kept', async () => {
    const { status, body } = await importFile(key, { source: 'shlink', content: fixture('shlink-api.json') });
    expect(status).toBe(200);
    expect(body.meta.counts).toMatchObject({ created: 1 });
    const [row] = body.data;
    expect(row).toMatchObject({
      status: 'created',
      slug: '12c18',
      domain: 'lnk.localhost',
      imported_clicks: 328,
    });
    const [link] = await sql<{
      slug: string;
      title: string;
      tags: string[];
      expires_at: Date;
      destination_url: string;
    }>('SELECT slug, title, tags, expires_at, destination_url FROM links WHERE id = $1', [row?.link_id]);
    expect(link).toEqual({
      slug: '12c18',
      title: 'Product 12',
      tags: ['store', 'product'],
      expires_at: new Date('2026-12-31T23:59:59Z'),
      destination_url: 'https://store.example.com/product/12',
    });
    expect(
      await sql('SELECT source, clicks::int AS clicks FROM imported_click_totals WHERE link_id = $1', [
        row?.link_id,
      ]),
    ).toEqual([{ source: 'shlink', clicks: 328 }]);

    const csv = await importFile(key, { source: 'shlink', content: fixture('shlink-web-client.csv') });
    expect(csv.body.data.map((r) => [r.status, r.domain, r.slug])).toEqual([
      ['unchanged', 'lnk.localhost', '12c18'],
      ['created', 'links.example.org', 'jobs'],
    ]);
  });

  it('running the same file again creates nothing twice', async () => {
    const before = await linkCount();
    const again = await importFile(key, { source: 'shlink', content: fixture('shlink-web-client.csv') });
    expect(again.body.meta.counts).toMatchObject({ unchanged: 2, created: 0 });
    expect(again.body.data.every((r) => r.link_id !== null)).toBe(true);
    expect(await linkCount()).toBe(before);
  });

  it('reports a slug another workspace holds as a conflict, an unreadable row and a slug LinkHub cannot take as invalid', async () => {
    const taken = await kit.call('POST', '/v1/links', {
      token: otherKey,
      body: { destination_url: 'https://neighbour.example/', slug: 'docs' },
    });
    expect(taken.status).toBe(201);
    const { body } = await importFile(key, { source: 'kutt', content: fixture('kutt-api.json') });
    expect(body.data.map((r) => [r.status, r.slug, r.error?.code])).toEqual([
      ['conflict', 'docs', 'slug_taken'],
      ['invalid', 'old_promo', 'validation_failed'],
    ]);
    expect(body.data[1]?.error?.message).toMatch(/^slug: /);
  });

  it('a file naming one address twice (slugs ignore case) imports it once', async () => {
    const csv = 'keyword,url\nSame,https://a.example/\nsame,https://b.example/\n';
    const { body } = await importFile(key, { source: 'yourls', content: csv, dry_run: true });
    expect(body.data.map((r) => [r.row, r.status])).toEqual([
      [2, 'would_create'],
      [3, 'conflict'],
    ]);
  });

  it('a dry run on the Free plan marks the rows beyond its link limit as the real run would refuse them', async () => {
    const owner = await kit.signUp('free-importer@example.com');
    const freeKey = await apiKey(owner.token, owner.workspaceId, ['links:write']);
    const rows = Array.from({ length: 52 }, (_, i) => ({
      key: `free-${i}`,
      url: `https://shop.example/${i}`,
    }));
    const { body } = await importFile(freeKey, {
      source: 'dub',
      content: JSON.stringify(rows),
      dry_run: true,
    });
    expect(body.meta.counts).toMatchObject({ would_create: 50, failed: 2 });
    expect(body.data.at(-1)?.error?.code).toBe('plan_limit_reached');
  });

  it('refuses what it cannot read, a domain of another workspace and a key without links:write, changing nothing', async () => {
    const before = await linkCount();
    const broken = await importFile(key, { source: 'dub', content: '{"links": [' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatchObject({
      code: 'validation_failed',
      message: 'The file starts like JSON but is not valid JSON.',
    });
    expect((await importFile(key, { source: 'tinyurl', content: 'a,b\n1,2' })).status).toBe(400);
    expect((await importFile(key, { source: 'dub', content: '[]', extra: true })).status).toBe(400);
    expect(
      (await importFile(key, { source: 'dub', content: fixture('dub-api.json'), domain: 'nowhere.example' }))
        .status,
    ).toBe(404);
    expect((await importFile(readOnlyKey, { source: 'dub', content: fixture('dub-api.json') })).status).toBe(
      403,
    );
    expect(await linkCount()).toBe(before);
  });
});
