import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '@linkhub/shared/schemas/links';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';
import type { BulkLinkResult } from './bulk-schema';

let kit: V1Kit;
let key: string;
let otherKey: string;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  otherKey = await kit.key(ALL_SCOPES, 'other');
});
afterAll(async () => {
  await kit.stop();
});

type Bulk = { data: BulkLinkResult[]; meta: { created: number; failed: number } };
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
const bulk = (
  body: unknown,
  opts: { key?: string; token?: string; headers?: Record<string, string> } = { key },
) =>
  opts.token === undefined
    ? kit.api('POST', '/v1/links/bulk', { key: opts.key, body, headers: opts.headers })
    : kit.call('POST', '/v1/links/bulk', { token: opts.token, body, headers: opts.headers });
const linksOf = async (workspaceId: string) =>
  Number(
    (
      await kit.deps.pool.query<{ n: string }>('SELECT count(*) AS n FROM links WHERE workspace_id = $1', [
        workspaceId,
      ])
    ).rows[0]?.n,
  );
const withoutRequestId = (body: ErrorBody) => ({ ...body, error: { ...body.error, request_id: '' } });
const failure = (r: BulkLinkResult | undefined) => (r?.status === 'failed' ? r.error : undefined);

describe('POST /v1/links/bulk', () => {
  it('creates the good items and fails the bad ones alone, in request order, through the command layer', async () => {
    const before = await linksOf(kit.owner.workspaceId);
    const res = await bulk({
      links: [
        { destination_url: 'https://example.com/bulk-a', title: 'A', tags: ['bulk'] },
        { destination_url: 'not a url' },
        { destination_url: 'https://example.com/bulk-c', slug: 'bulk-c', utm: { source: 'csv' } },
        { destination_url: 'https://example.com/bulk-d', colour: 'red' },
        { destination_url: 'https://intranet.example.com/' },
        { destination_url: 'https://example.com/bulk-f', domain: 'nowhere.example.org' },
        { destination_url: 'https://example.com/bulk-g', starts_at: '2030-01-01T00:00:00Z' },
      ],
    });
    expect(res.status).toBe(200);
    const body = await json<Bulk>(res);
    expect(body.data.map((r) => [r.index, r.status])).toEqual([
      [0, 'created'],
      [1, 'failed'],
      [2, 'created'],
      [3, 'failed'],
      [4, 'failed'],
      [5, 'failed'],
      [6, 'created'],
    ]);
    expect(body.meta).toEqual({ created: 3, failed: 4 });
    expect(failure(body.data[1])).toMatchObject({
      code: 'validation_failed',
      details: [expect.objectContaining({ field: 'destination_url' })],
    });
    expect(failure(body.data[3])).toMatchObject({
      code: 'validation_failed',
      details: [expect.objectContaining({ field: 'colour' })],
    });
    expect(failure(body.data[4])).toMatchObject({ code: 'destination_unsafe' });
    expect(failure(body.data[5])).toMatchObject({
      code: 'not_found',
      details: [{ field: 'domain', issue: 'not_found' }],
    });
    for (const r of body.data) if (r.status === 'failed') expect(r.error).not.toHaveProperty('request_id');
    expect(await linksOf(kit.owner.workspaceId)).toBe(before + 3);

    // Each created item is exactly what POST /v1/links and GET /v1/links/{id} return.
    for (const r of body.data) {
      if (r.status !== 'created') continue;
      const read = await json<Envelope<Link>>(await kit.api('GET', `/v1/links/${r.link.id}`, { key }));
      expect(r.link).toEqual(read.data);
    }
    const scheduled = body.data[6];
    expect(scheduled?.status === 'created' && scheduled.link.status).toBe('scheduled');
    const c = body.data[2];
    expect(c?.status === 'created' && c.link).toMatchObject({
      slug: 'bulk-c',
      utm: { source: 'csv' },
      domain: kit.deps.config.LINK_HOST,
    });
    // Post-commit write-through ran for every created link (spread over lanes): the edge finds each in Redis.
    for (const r of body.data)
      if (r.status === 'created')
        expect(
          await kit.deps.redis.exists(redirectKey(kit.deps.config.REDIS_PREFIX, r.link.domain, r.link.slug)),
        ).toBe(1);
  });

  it('fails a slug taken earlier in the same batch, and a slug a QR code holds', async () => {
    const qr = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: { destination_url: 'https://example.com/menu', slug: 'bulk-qr-held' },
    });
    expect(qr.status).toBe(201);
    const res = await bulk({
      links: [
        { destination_url: 'https://example.com/1', slug: 'bulk-dup' },
        { destination_url: 'https://example.com/2', slug: 'bulk-dup' },
        { destination_url: 'https://example.com/3', slug: 'bulk-qr-held' },
        { destination_url: 'https://example.com/4', slug: 'bulk-after' },
      ],
    });
    const body = await json<Bulk>(res);
    expect(body.data.map((r) => r.status)).toEqual(['created', 'failed', 'failed', 'created']);
    expect(failure(body.data[1])).toMatchObject({
      code: 'slug_taken',
      details: [{ field: 'slug', issue: 'slug_taken' }],
    });
    expect(failure(body.data[2])).toMatchObject({ code: 'qr_slug_reserved' });
    const slugs = await kit.deps.pool.query<{ slug: string; destination_url: string }>(
      "SELECT slug, destination_url FROM links WHERE slug IN ('bulk-dup', 'bulk-after') ORDER BY slug",
    );
    expect(slugs.rows).toEqual([
      { slug: 'bulk-after', destination_url: 'https://example.com/4' },
      { slug: 'bulk-dup', destination_url: 'https://example.com/1' },
    ]);
    // The failed items left no version or audit row behind (their savepoints rolled back).
    const audits = await kit.deps.pool.query(
      "SELECT 1 FROM audit_log_entries WHERE action = 'link.created' AND changes->'after'->>'destination_url' IN ('https://example.com/2', 'https://example.com/3')",
    );
    expect(audits.rows).toEqual([]);
  });

  it('when the database refuses an item the plan did not foresee, runs the request again item by item: the others are kept, the refused one leaves nothing', async () => {
    // Stands in for a refusal only the database sees (a concurrent create of the same slug).
    await kit.deps.pool.query(`
      CREATE FUNCTION bulk_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.destination_url LIKE '%db-refuses%' THEN RAISE EXCEPTION 'refused by the database'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER bulk_test_refuse BEFORE INSERT ON links FOR EACH ROW EXECUTE FUNCTION bulk_test_refuse();`);
    try {
      const res = await bulk({
        links: [
          { destination_url: 'https://example.com/race-1', slug: 'race-1' },
          { destination_url: 'https://example.com/db-refuses' },
          { destination_url: 'https://example.com/race-3' },
        ],
      });
      expect(res.status).toBe(200);
      const body = await json<Bulk>(res);
      expect(body.data.map((r) => [r.index, r.status])).toEqual([
        [0, 'created'],
        [1, 'failed'],
        [2, 'created'],
      ]);
      const written = await kit.deps.pool.query<{
        destination_url: string;
        versions: string;
        audits: string;
      }>(
        `SELECT l.destination_url,
                (SELECT count(*) FROM link_versions v WHERE v.link_id = l.id) AS versions,
                (SELECT count(*) FROM audit_log_entries a WHERE a.resource_id = l.id AND a.action = 'link.created') AS audits
           FROM links l WHERE l.destination_url LIKE 'https://example.com/race-%' OR l.destination_url LIKE '%db-refuses%'
          ORDER BY l.destination_url`,
      );
      expect(written.rows).toEqual([
        { destination_url: 'https://example.com/race-1', versions: '1', audits: '1' },
        { destination_url: 'https://example.com/race-3', versions: '1', audits: '1' },
      ]);
    } finally {
      await kit.deps.pool.query('DROP TRIGGER bulk_test_refuse ON links; DROP FUNCTION bulk_test_refuse();');
    }
  });

  it('stops at the plan limit mid-batch: the items that fit are created, the rest fail with plan_limit_reached', async () => {
    const free = await kit.signUp('v1-bulk-free@example.com');
    const fill = await bulk(
      {
        workspace_id: free.workspaceId,
        links: Array.from({ length: 48 }, (_, i) => ({ destination_url: `https://example.com/fill/${i}` })),
      },
      { token: free.token },
    );
    expect((await json<Bulk>(fill)).meta).toEqual({ created: 48, failed: 0 });
    const res = await bulk(
      {
        workspace_id: free.workspaceId,
        links: Array.from({ length: 5 }, (_, i) => ({ destination_url: `https://example.com/over/${i}` })),
      },
      { token: free.token },
    );
    expect(res.status).toBe(200);
    const body = await json<Bulk>(res);
    expect(body.data.map((r) => r.status)).toEqual(['created', 'created', 'failed', 'failed', 'failed']);
    expect(failure(body.data[2])).toMatchObject({
      code: 'plan_limit_reached',
      details: [expect.objectContaining({ limit: 50, plan: 'free' })],
    });
    expect(await linksOf(free.workspaceId)).toBe(50);
    // Already at the limit: still per item, not a refusal of the request.
    const full = await bulk(
      { workspace_id: free.workspaceId, links: [{ destination_url: 'https://example.com/none' }] },
      { token: free.token },
    );
    expect(full.status).toBe(200);
    expect(failure((await json<Bulk>(full)).data[0])?.code).toBe('plan_limit_reached');
  });

  it('creates racing for the last free places of a plan never pass its limit', async () => {
    const free = await kit.signUp('v1-race-free@example.com');
    const fill = await bulk(
      {
        workspace_id: free.workspaceId,
        links: Array.from({ length: 47 }, (_, i) => ({ destination_url: `https://example.com/fill/${i}` })),
      },
      { token: free.token },
    );
    expect((await json<Bulk>(fill)).meta).toEqual({ created: 47, failed: 0 });
    // Three places left; four requests of two links each arrive at once (an import sending batches side by side).
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, r) =>
        bulk(
          {
            workspace_id: free.workspaceId,
            links: [0, 1].map((i) => ({ destination_url: `https://example.com/race/${r}/${i}` })),
          },
          { token: free.token },
        ).then((res) => json<Bulk>(res)),
      ),
    );
    const created = answers.reduce((n, a) => n + a.meta.created, 0);
    expect(created).toBe(3);
    expect(await linksOf(free.workspaceId)).toBe(50);
  });

  it('replays an Idempotency-Key: the same response, nothing created twice (API key and session alike)', async () => {
    const payload = {
      links: [{ destination_url: 'https://example.com/idem-1' }, { destination_url: 'bad' }],
    };
    const headers = { 'Idempotency-Key': 'bulk-idem-1' };
    const first = await bulk(payload, { key, headers });
    const count = await linksOf(kit.owner.workspaceId);
    const again = await bulk(payload, { key, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
    expect(await linksOf(kit.owner.workspaceId)).toBe(count);
    const reused = await bulk(
      { links: [{ destination_url: 'https://example.com/other' }] },
      { key, headers },
    );
    expect(reused.status).toBe(422);

    const session = {
      workspace_id: kit.owner.workspaceId,
      links: [{ destination_url: 'https://example.com/idem-session' }],
    };
    const s1 = await bulk(session, { token: kit.owner.token, headers: { 'Idempotency-Key': 'bulk-idem-s' } });
    const afterFirst = await linksOf(kit.owner.workspaceId);
    const s2 = await bulk(session, { token: kit.owner.token, headers: { 'Idempotency-Key': 'bulk-idem-s' } });
    expect(s2.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await s2.text()).toBe(await s1.text());
    expect(await linksOf(kit.owner.workspaceId)).toBe(afterFirst);
  });

  it('takes the editor session of a member; a non-member, and a key naming another workspace, get the same 404', async () => {
    const mine = await bulk(
      {
        workspace_id: kit.owner.workspaceId,
        links: [{ destination_url: 'https://example.com/from-editor', title: 'CSV row' }],
      },
      { token: kit.owner.token },
    );
    expect(mine.status).toBe(200);
    const created = (await json<Bulk>(mine)).data[0];
    expect(created?.status === 'created' && created.link).toMatchObject({
      workspace_id: kit.owner.workspaceId,
      title: 'CSV row',
    });

    const before = await linksOf(kit.owner.workspaceId);
    const outsider = await bulk(
      { workspace_id: kit.owner.workspaceId, links: [{ destination_url: 'https://example.com/x' }] },
      { token: kit.other.token },
    );
    const crossKey = await bulk(
      { workspace_id: kit.owner.workspaceId, links: [{ destination_url: 'https://example.com/x' }] },
      { key: otherKey },
    );
    const missing = await bulk(
      {
        workspace_id: '0190c3c4-0000-7000-8000-0000000000ff',
        links: [{ destination_url: 'https://example.com/x' }],
      },
      { token: kit.other.token },
    );
    for (const res of [outsider, crossKey, missing]) expect(res.status).toBe(404);
    const [a, b, c] = await Promise.all([outsider, crossKey, missing].map((r) => json<ErrorBody>(r)));
    if (!a || !b || !c) throw new Error('no bodies');
    expect(withoutRequestId(a)).toEqual(withoutRequestId(b));
    expect(withoutRequestId(a)).toEqual(withoutRequestId(c));
    expect(await linksOf(kit.owner.workspaceId)).toBe(before);

    const noWorkspace = await bulk(
      { links: [{ destination_url: 'https://example.com/x' }] },
      { token: kit.owner.token },
    );
    expect(noWorkspace.status).toBe(400);
    expect((await json<ErrorBody>(noWorkspace)).error.details).toEqual([
      expect.objectContaining({ field: 'workspace_id', issue: 'required' }),
    ]);
    // A key may name its own workspace.
    const own = await bulk(
      { workspace_id: kit.other.workspaceId, links: [{ destination_url: 'https://example.com/own' }] },
      { key: otherKey },
    );
    expect((await json<Bulk>(own)).meta.created).toBe(1);
  });

  it("takes the editor's session cookie from its own origin, and refuses it cross-site", async () => {
    const body = {
      workspace_id: kit.owner.workspaceId,
      links: [{ destination_url: 'https://example.com/cookie' }],
    };
    const cookie = `lh_session=${kit.owner.token}`;
    const own = await kit.api('POST', '/v1/links/bulk', {
      body,
      headers: { Cookie: cookie, Origin: 'http://localhost:8080' },
    });
    expect((await json<Bulk>(own)).meta.created).toBe(1);
    const before = await linksOf(kit.owner.workspaceId);
    const cross = await kit.api('POST', '/v1/links/bulk', {
      body,
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
    expect((await json<ErrorBody>(cross)).error.code).toBe('cross_site_request');
    expect(await linksOf(kit.owner.workspaceId)).toBe(before);
  });

  it('refuses a body invalid as a whole with 400 and its details, creating nothing', async () => {
    const before = await linksOf(kit.owner.workspaceId);
    const item = { destination_url: 'https://example.com/many' };
    const cases: Array<[unknown, string]> = [
      [{ links: Array.from({ length: 101 }, () => item) }, 'links'],
      [{ links: [] }, 'links'],
      [{}, 'links'],
      [[item], 'body'],
      [{ links: [item], extra: true }, 'extra'],
      [{ links: [item], workspace_id: 'nope' }, 'workspace_id'],
    ];
    for (const [body, field] of cases) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const error = (await json<ErrorBody>(res)).error;
      expect(error.code).toBe('validation_failed');
      expect(error.details.map((d) => d.field)).toContain(field);
    }
    expect((await kit.api('POST', '/v1/links/bulk', { key, raw: '{"links": [' })).status).toBe(400);
    expect(await linksOf(kit.owner.workspaceId)).toBe(before);
  });

  it('is refused for the request when the caller may not create links, and needs credentials', async () => {
    const readOnly = await kit.key(['links:read']);
    const res = await bulk({ links: [{ destination_url: 'https://example.com/ro' }] }, { key: readOnly });
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).error.code).toBe('insufficient_scope');
    expect((await bulk({ links: [{ destination_url: 'https://example.com/anon' }] }, {})).status).toBe(401);
  });

  it('counts as one request against the rate limit', async () => {
    const fresh = await kit.key(['links:write']);
    const first = await bulk(
      { links: Array.from({ length: 20 }, (_, i) => ({ destination_url: `https://example.com/rl/${i}` })) },
      { key: fresh },
    );
    const second = await bulk({ links: [{ destination_url: 'https://example.com/rl/x' }] }, { key: fresh });
    const limit = Number(first.headers.get('RateLimit-Limit'));
    expect(Number(first.headers.get('RateLimit-Remaining'))).toBe(limit - 1);
    expect(Number(second.headers.get('RateLimit-Remaining'))).toBe(limit - 2);
  });
});
