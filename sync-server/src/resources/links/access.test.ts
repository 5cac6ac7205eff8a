import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';
import type { Link } from '@linkhub/shared/schemas/links';
import { verifyLinkPassword } from '@linkhub/shared/server/crypto/link-password';
import { redirectKey } from '@linkhub/shared/cache/keys';

/** A link's access controls through `/v1/links` (D-615, D-616): write-only password, expired_url, max_clicks. */
let kit: V1Kit;
let key: string;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
});

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

describe('/v1/links access controls', () => {
  it('takes a password, expired_url and max_clicks on create; returns has_password, never the password or its hash', async () => {
    const created = await kit.api('POST', '/v1/links', {
      key,
      body: {
        destination_url: 'https://example.com/members',
        password: 'open sesame',
        expired_url: 'https://example.com/over',
        max_clicks: 100,
      },
    });
    expect(created.status).toBe(201);
    const text = await created.text();
    expect(text).not.toContain('open sesame');
    expect(text).not.toContain('scrypt$');
    const link = (JSON.parse(text) as Envelope<Link>).data;
    expect(link).toMatchObject({
      has_password: true,
      expired_url: 'https://example.com/over',
      max_clicks: 100,
      click_count: 0,
      status: 'active',
    });
    const { rows } = await kit.deps.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM links WHERE id = $1',
      [link.id],
    );
    const stored = rows[0]?.password_hash ?? '';
    expect(stored).toMatch(/^scrypt\$15\$8\$1\$/);
    expect(await verifyLinkPassword(stored, 'open sesame')).toBe(true);
    // Neither history snapshots nor the audit log hold the hash.
    const versions = await kit.deps.pool.query(
      'SELECT snapshot::text AS s FROM link_versions WHERE link_id = $1',
      [link.id],
    );
    for (const v of versions.rows as Array<{ s: string }>) expect(v.s).not.toContain('scrypt$');
    const audit = await kit.deps.pool.query(
      'SELECT action, changes::text || metadata::text AS body FROM audit_log_entries WHERE resource_id = $1',
      [link.id],
    );
    expect((audit.rows as Array<{ action: string }>).map((r) => r.action)).toContain('link.password_set');
    for (const r of audit.rows as Array<{ body: string }>) expect(r.body).not.toContain('scrypt$');
    // The edge's payload carries the hash and the cap; the link's redirect key was written through.
    const cacheKey = redirectKey(kit.deps.config.REDIS_PREFIX, link.domain, link.slug);
    let payload: string | null = null;
    for (let i = 0; i < 100 && !(payload ?? '').includes('max_clicks'); i++) {
      payload = await kit.deps.cacheRedis.get(cacheKey);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(payload).toContain('"max_clicks":100');
  });

  it('removes the password with null, changes the cap, and says when the cap ended the link', async () => {
    const created = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/x', password: 'first one' },
    });
    const { id } = (await json<Envelope<Link>>(created)).data;
    const cleared = await kit.api('PATCH', `/v1/links/${id}`, {
      key,
      body: { password: null, max_clicks: 5 },
    });
    expect(cleared.status).toBe(200);
    expect((await json<Envelope<Link>>(cleared)).data).toMatchObject({ has_password: false, max_clicks: 5 });
    // The worker's flush persisted 5 visits: the link has ended, and says why.
    await kit.deps.pool.query(
      'UPDATE links SET click_count = 5, click_limit_reached_at = now() WHERE id = $1',
      [id],
    );
    const ended = await kit.api('GET', `/v1/links/${id}`, { key });
    expect((await json<Envelope<Link>>(ended)).data).toMatchObject({
      status: 'click_limit_reached',
      click_count: 5,
    });
    const listed = await kit.api('GET', '/v1/links?status=click_limit_reached', { key });
    expect((await json<Envelope<Link[]>>(listed)).data.map((l) => l.id)).toEqual([id]);
    // Raising the cap opens it again at once.
    const raised = await kit.api('PATCH', `/v1/links/${id}`, { key, body: { max_clicks: 50 } });
    expect((await json<Envelope<Link>>(raised)).data.status).toBe('active');
  });

  it('refuses a bad password, a bad cap and an unsafe expired_url with 400 in the envelope, writing nothing', async () => {
    for (const body of [
      { destination_url: 'https://example.com/a', password: 'abc' },
      { destination_url: 'https://example.com/a', password: 'line\nbreak' },
      { destination_url: 'https://example.com/a', max_clicks: 0 },
      { destination_url: 'https://example.com/a', max_clicks: 1.5 },
      { destination_url: 'https://example.com/a', expired_url: 'javascript:alert(1)' },
    ]) {
      const res = await kit.api('POST', '/v1/links', { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await json<ErrorBody>(res)).error;
      expect(error.details.length).toBeGreaterThan(0);
    }
    const loopback = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/a', expired_url: 'http://127.0.0.1/admin' },
    });
    expect(loopback.status).toBeGreaterThanOrEqual(400);
    expect(loopback.status).toBeLessThan(500);
  });
});
