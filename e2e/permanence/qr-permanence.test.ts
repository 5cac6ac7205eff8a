import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { parseRedirectPayload } from '@linkhub/shared/cache/payload';
import { startStack, type Stack } from './stack';

/**
 * QR permanence at the edge: a printed QR code keeps resolving through archive, workspace deletion and
 * account deletion, from Redis and — with its keys gone — from PostgreSQL; no path frees its slug.
 */
const LINK_HOST = 'lnk.localhost';
const SLUG = 'menu';
const DESTINATION = 'https://shop.example.com/menu';

type Created = { data: { id: string; short_url: string } };
type Failure = { error: { code: string } };

let s: Stack;
let qrId: string;

beforeAll(async () => {
  s = await startStack();
  const created = await s.v1<Created>('POST', '/v1/qr-codes', {
    destination_url: DESTINATION,
    slug: SLUG,
    title: 'Table menu',
  });
  expect(created.status).toBe(201);
  qrId = created.body.data.id;
  const link = await s.v1('POST', '/v1/links', {
    destination_url: 'https://shop.example.com/spring',
    slug: 'spring',
  });
  expect(link.status).toBe(201);
});
afterAll(async () => {
  await s.stop();
});

/**
 * What a phone scanning the printed code gets: never an error, and here (a last good destination
 * exists) the 302 to it — docs/product-rules.md#qr-fallback-chain after archive and workspace or account deletion.
 */
async function expectResolves(): Promise<void> {
  const res = await s.get(LINK_HOST, `/${SLUG}`);
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(DESTINATION);
}

/** The same, with every key the edge reads for the slug deleted first: PostgreSQL must answer. */
async function expectResolvesWithoutRedis(): Promise<void> {
  await s.flush(LINK_HOST, SLUG);
  const before = s.edge.metrics.dbLookups;
  await expectResolves();
  expect(s.edge.metrics.dbLookups).toBe(before + 1);
}

/** Waits for the worker's cache-refresh job to rewrite a cached payload (polling, no timing asserted). */
async function cachedPayloadOnceRewritten(
  slug: string,
  done: (raw: ReturnType<typeof parseRedirectPayload>) => boolean,
) {
  for (let i = 0; i < 400; i++) {
    const payload = parseRedirectPayload((await s.redis.get(redirectKey(s.prefix, LINK_HOST, slug))) ?? '');
    if (done(payload)) return payload;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the cached payload of ${slug} was not rewritten`);
}

/** Neither account can take the slug for a new QR code or a new link. */
async function expectSlugRefused(): Promise<void> {
  for (const who of ['owner', 'other'] as const) {
    const qr = await s.v1<Failure>(
      'POST',
      '/v1/qr-codes',
      { destination_url: 'https://evil.example.com/', slug: SLUG },
      who,
    );
    const link = await s.v1<Failure>(
      'POST',
      '/v1/links',
      { destination_url: 'https://evil.example.com/', slug: SLUG },
      who,
    );
    for (const refused of [qr, link]) {
      // Once its workspace is deleted the owner's key answers 410 workspace_deleted; before, 409 like anyone.
      expect([409, 410]).toContain(refused.status);
      expect(['qr_slug_reserved', 'workspace_deleted']).toContain(refused.body.error.code);
      if (who === 'other') expect(refused.body.error.code).toBe('qr_slug_reserved');
    }
  }
  const { rows } = await s.kit.deps.pool.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM qr_codes WHERE slug = $1) + (SELECT count(*) FROM links WHERE slug = $1) AS n`,
    [SLUG],
  );
  expect(Number(rows[0]?.n)).toBe(1);
}

describe('a printed QR code at the edge', () => {
  it('scans to its destination from the cache the command wrote through', async () => {
    expect(await s.redis.ttl(redirectKey(s.prefix, LINK_HOST, SLUG))).toBe(-1);
    const before = s.edge.metrics.dbLookups;
    await expectResolves();
    expect(s.edge.metrics.dbLookups).toBe(before);
    await expectResolvesWithoutRedis();
    await expectSlugRefused();
  });

  it('keeps resolving after it is archived (cached and from PostgreSQL); the slug stays reserved', async () => {
    const archived = await s.v1('DELETE', `/v1/qr-codes/${qrId}`);
    expect(archived.status).toBe(200);
    await expectResolves();
    await expectResolvesWithoutRedis();
    await expectSlugRefused();
  });

  it('keeps resolving after its workspace is deleted', async () => {
    // The plain link is warm in the edge's in-process hot cache before the deletion.
    for (let i = 0; i < 2; i++) expect((await s.get(LINK_HOST, '/spring')).status).toBe(302);
    expect(s.edge.metrics.hotCacheHits).toBeGreaterThan(0);
    const { rows } = await s.kit.deps.pool.query<{ name: string }>(
      'SELECT name FROM workspaces WHERE id = $1',
      [s.kit.owner.workspaceId],
    );
    const deleted = await s.kit.call('DELETE', `/api/workspaces/${s.kit.owner.workspaceId}`, {
      token: s.kit.owner.token,
      body: { confirmation: rows[0]?.name },
    });
    expect(deleted.status).toBe(200);
    // The deletion refreshes the workspace's keys through the worker: the QR payload now knows, and still serves.
    const qr = await cachedPayloadOnceRewritten(SLUG, (p) => p?.workspace_active === false);
    expect(qr).toMatchObject({ is_qr: true, last_good_destination: DESTINATION });
    const before = s.edge.metrics.dbLookups;
    await expectResolves();
    expect(s.edge.metrics.dbLookups).toBe(before);
    // A plain link of the deleted workspace stops at once, instead of redirecting from the cache for up to an hour.
    await cachedPayloadOnceRewritten('spring', (p) => p?.workspace_active === false);
    expect((await s.get(LINK_HOST, '/spring')).status).toBe(404);
    await expectResolvesWithoutRedis();
    await expectSlugRefused();
  });

  it("keeps resolving after the owner's account is deleted", async () => {
    // Its only workspace is already deleted, as account deletion requires (409 last_owner_required otherwise).
    const deleted = await s.kit.call('DELETE', '/api/me', {
      token: s.kit.owner.token,
      body: { confirmation: 'v1-owner@example.com' },
    });
    expect(deleted.status).toBe(200);
    const { rows } = await s.kit.deps.pool.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      s.kit.owner.userId,
    ]);
    expect(rows[0]?.email).toContain('@deleted.invalid');
    await expectResolves();
    await expectResolvesWithoutRedis();
    await expectSlugRefused();
    const reservation = await s.kit.deps.pool.query('SELECT 1 FROM qr_slug_reservations WHERE slug = $1', [
      SLUG,
    ]);
    expect(reservation.rowCount).toBe(1);
  });
});
