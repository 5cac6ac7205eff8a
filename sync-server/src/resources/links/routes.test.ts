import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';
import type { Link } from '@linkhub/shared/schemas/links';

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

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

describe('/v1/links', () => {
  it('creates, reads, lists, updates and archives a link through the command layer', async () => {
    const created = await kit.api('POST', '/v1/links', {
      key,
      body: {
        destination_url: 'https://example.com/a',
        title: 'Spring sale',
        tags: ['spring', 'promo'],
        utm: { source: 'news' },
      },
    });
    expect(created.status).toBe(201);
    const link = (await json<Envelope<Link>>(created)).data;
    expect(link).toMatchObject({
      workspace_id: kit.owner.workspaceId,
      domain: kit.deps.config.LINK_HOST,
      title: 'Spring sale',
      status: 'active',
      tags: ['spring', 'promo'],
      utm: { source: 'news' },
    });
    expect(link.slug).toMatch(/^[a-z0-9]{7}$/);
    // The dev stack's host opens at the local edge (production hosts answer https on the default port).
    expect(kit.deps.config.LINK_HOST).toBe('lnk.localhost');
    expect(link.short_url).toBe(`http://lnk.localhost:8787/${link.slug}`);
    expect(created.headers.get('Location')).toBe(`/v1/links/${link.id}`);
    const audit = await kit.deps.pool.query('SELECT action FROM audit_log_entries WHERE resource_id = $1', [
      link.id,
    ]);
    expect(audit.rows.map((r: { action: string }) => r.action)).toContain('link.created');

    const read = await kit.api('GET', `/v1/links/${link.id}`, { key });
    expect(read.status).toBe(200);
    expect((await json<Envelope<Link>>(read)).data).toEqual(link);

    const patched = await kit.api('PATCH', `/v1/links/${link.id}`, {
      key,
      body: { title: 'Summer', status: 'paused' },
    });
    expect(patched.status).toBe(200);
    expect((await json<Envelope<Link>>(patched)).data).toMatchObject({ title: 'Summer', status: 'paused' });

    const archived = await kit.api('DELETE', `/v1/links/${link.id}`, { key });
    expect(archived.status).toBe(200);
    expect((await json<Envelope<Link>>(archived)).data.status).toBe('archived');
  });

  it('answers a create with what a read then shows, a plain one and one with a schedule alike', async () => {
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    for (const body of [
      { destination_url: 'https://example.com/plain', tags: [] },
      { destination_url: 'https://example.com/later', title: 'Later', starts_at: startsAt },
    ]) {
      const created = await kit.api('POST', '/v1/links', { key, body });
      expect(created.status).toBe(201);
      const link = (await json<Envelope<Link>>(created)).data;
      const read = await kit.api('GET', `/v1/links/${link.id}`, { key });
      expect((await json<Envelope<Link>>(read)).data).toEqual(link);
      if ('starts_at' in body) expect(link).toMatchObject({ status: 'scheduled', starts_at: startsAt });
      else expect(link).toMatchObject({ status: 'active', title: null, tags: [] });
    }
  });

  it('paginates newest first with a stable cursor and searches title, slug, destination and tags', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await kit.api('POST', '/v1/links', {
        key,
        body: {
          destination_url: `https://shop.example.com/p${i}`,
          slug: `page-${i}`,
          title: `Item ${i}`,
          tags: i === 3 ? ['needle'] : [],
        },
      });
      expect(res.status).toBe(201);
      ids.push((await json<Envelope<Link>>(res)).data.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await kit.api(
        'GET',
        `/v1/links?limit=2&q=shop.example${cursor ? `&cursor=${cursor}` : ''}`,
        { key },
      );
      expect(res.status).toBe(200);
      const page: Envelope<Link[]> = await json<Envelope<Link[]>>(res);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((l) => l.id));
      cursor = page.meta.next_cursor ?? null;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    for (const [q, expected] of [
      ['Item 2', ids[2]],
      ['page-4', ids[4]],
      ['shop.example.com/p1', ids[1]],
      ['needle', ids[3]],
    ] as const) {
      const found = await json<Envelope<Link[]>>(
        await kit.api('GET', `/v1/links?q=${encodeURIComponent(q)}`, { key }),
      );
      expect(found.data.map((l) => l.id)).toEqual([expected]);
    }
    // LIKE wildcards are literal.
    expect((await json<Envelope<Link[]>>(await kit.api('GET', '/v1/links?q=%25', { key }))).data).toEqual([]);
  });

  it('answers a link of another workspace with the same 404 as a missing id', async () => {
    const res = await kit.api('POST', '/v1/links', {
      key: otherKey,
      body: { destination_url: 'https://example.com/theirs' },
    });
    const theirs = (await json<Envelope<Link>>(res)).data.id;
    const strip = (body: ErrorBody) => ({ ...body, error: { ...body.error, request_id: '' } });
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const body = method === 'PATCH' ? { title: 'x' } : undefined;
      const cross = await kit.api(method, `/v1/links/${theirs}`, { key, body });
      const missing = await kit.api(method, '/v1/links/0190c3c4-0000-7000-8000-0000000000ff', { key, body });
      expect(cross.status).toBe(404);
      expect(strip(await json<ErrorBody>(cross))).toEqual(strip(await json<ErrorBody>(missing)));
    }
    expect((await json<Envelope<Link[]>>(await kit.api('GET', '/v1/links?q=theirs', { key }))).data).toEqual(
      [],
    );
  });

  it('refuses a taken slug (409 slug_taken) and a QR-reserved slug (409 qr_slug_reserved)', async () => {
    expect(
      (
        await kit.api('POST', '/v1/links', {
          key,
          body: { destination_url: 'https://example.com/1', slug: 'taken' },
        })
      ).status,
    ).toBe(201);
    const again = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/2', slug: 'taken' },
    });
    expect(again.status).toBe(409);
    expect((await json<ErrorBody>(again)).error.code).toBe('slug_taken');
    expect(
      (
        await kit.api('POST', '/v1/qr-codes', {
          key,
          body: { destination_url: 'https://example.com/qr', slug: 'printed' },
        })
      ).status,
    ).toBe(201);
    const reserved = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/3', slug: 'printed' },
    });
    expect(reserved.status).toBe(409);
    expect((await json<ErrorBody>(reserved)).error.code).toBe('qr_slug_reserved');
  });

  it('refuses unsafe destinations with 422 destination_unsafe, on create and update', async () => {
    const ok = (
      await json<Envelope<Link>>(
        await kit.api('POST', '/v1/links', { key, body: { destination_url: 'https://example.com/fine' } }),
      )
    ).data;
    for (const url of [
      'http://user:pw@example.com/',
      'http://app.localhost/',
      'https://intranet.example.com/',
      'https://meta.example.com/',
      'https://v6loop.example.com/',
      'http://metadata.google.internal/',
    ]) {
      const before = await kit.count('links');
      const created = await kit.api('POST', '/v1/links', { key, body: { destination_url: url } });
      expect(created.status, url).toBe(422);
      expect((await json<ErrorBody>(created)).error).toMatchObject({
        code: 'destination_unsafe',
        details: [{ field: 'destination_url', issue: 'destination_unsafe' }],
      });
      expect(await kit.count('links')).toBe(before);
      const updated = await kit.api('PATCH', `/v1/links/${ok.id}`, { key, body: { destination_url: url } });
      expect(updated.status).toBe(422);
    }
  });

  it('refuses an unsafe targeting-rule or split destination the same way, naming the entry, and changes nothing', async () => {
    const ok = (
      await json<Envelope<Link>>(
        await kit.api('POST', '/v1/links', { key, body: { destination_url: 'https://example.com/routed' } }),
      )
    ).data;
    const rule = (url: string) => [
      { conditions: [{ kind: 'language', values: ['fr'] }], destination_url: url },
    ];
    const split = (url: string) => [
      { url: 'https://example.com/a', weight: 50 },
      { url, weight: 50 },
    ];
    for (const url of ['https://user:pw@example.com/', 'https://intranet.example.com/']) {
      for (const [body, field] of [
        [{ rules: rule(url) }, 'rules.0.destination_url'],
        [{ destinations: split(url) }, 'destinations.1.url'],
      ] as const) {
        const updated = await kit.api('PATCH', `/v1/links/${ok.id}`, { key, body });
        expect(updated.status, `${field} ${url}`).toBe(422);
        expect((await json<ErrorBody>(updated)).error).toMatchObject({
          code: 'destination_unsafe',
          details: [{ field, issue: 'destination_unsafe' }],
        });
        const created = await kit.api('POST', '/v1/links', {
          key,
          body: { destination_url: 'https://example.com/new', ...body },
        });
        expect(created.status, `create ${field} ${url}`).toBe(422);
      }
    }
    const read = (await json<Envelope<Link>>(await kit.api('GET', `/v1/links/${ok.id}`, { key }))).data;
    expect(read.rules).toEqual([]);
    expect(read.destinations).toEqual([]);
  });

  it('gates by scope (403 insufficient_scope) and needs a key (401)', async () => {
    const readOnly = await kit.key(['links:read']);
    const refused = await kit.api('POST', '/v1/links', {
      key: readOnly,
      body: { destination_url: 'https://example.com/x' },
    });
    expect(refused.status).toBe(403);
    expect((await json<ErrorBody>(refused)).error.code).toBe('insufficient_scope');
    const qrOnly = await kit.key(['qr:read']);
    expect((await json<ErrorBody>(await kit.api('GET', '/v1/links', { key: qrOnly }))).error.code).toBe(
      'insufficient_scope',
    );
    const anonymous = await kit.api('GET', '/v1/links');
    expect(anonymous.status).toBe(401);
    expect((await json<ErrorBody>(anonymous)).error.code).toBe('unauthenticated');
    const session = await kit.api('GET', '/v1/links', {
      headers: { Authorization: `Bearer ${kit.owner.token}` },
    });
    expect(session.status).toBe(401);
    expect((await kit.api('GET', '/v1/links', { key: 'lh_abcdefgh_nope' })).status).toBe(401);
  });
});
