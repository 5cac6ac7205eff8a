import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '@linkhub/shared/schemas/domains';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

let kit: V1Kit;
let key: string;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
});

describe('/v1/domains', () => {
  it('adds a domain pending verification, lists, reads and removes it', async () => {
    const res = await kit.api('POST', '/v1/domains', { key, body: { hostname: 'Go.Example.com' } });
    expect(res.status).toBe(201);
    const domain = (await json<Envelope<Domain>>(res)).data;
    expect(domain).toMatchObject({
      hostname: 'go.example.com',
      status: 'pending',
      is_system: false,
      purpose: 'links',
    });
    const list = await json<Envelope<Domain[]>>(await kit.api('GET', '/v1/domains', { key }));
    expect(list.data.map((d) => d.id)).toEqual([domain.id]);
    expect((await kit.api('GET', `/v1/domains/${domain.id}`, { key })).status).toBe(200);
    const taken = await kit.api('POST', '/v1/domains', {
      key: await kit.key(ALL_SCOPES, 'other'),
      body: { hostname: 'go.example.com' },
    });
    // The other workspace is on Free (no custom domains): the plan gate answers before uniqueness.
    expect(taken.status).toBe(403);
    expect((await json<ErrorBody>(taken)).error.code).toBe('plan_limit_reached');
    const removed = await kit.api('DELETE', `/v1/domains/${domain.id}`, { key });
    expect(removed.status).toBe(200);
    expect((await json<Envelope<Domain>>(removed)).data.status).toBe('removed');
    expect((await kit.api('GET', `/v1/domains/${domain.id}`, { key })).status).toBe(404);
  });

  it('refuses LinkHub’s own link and bio hosts and their subdomains, and writes nothing', async () => {
    const { LINK_HOST, BIO_HOST } = kit.deps.config;
    for (const hostname of [`x.${LINK_HOST}`, `deep.x.${BIO_HOST}`]) {
      const res = await kit.api('POST', '/v1/domains', { key, body: { hostname } });
      expect(res.status).toBe(400);
      expect((await json<ErrorBody>(res)).error.details).toEqual([
        {
          field: 'hostname',
          issue: 'reserved',
          message: `${hostname} belongs to LinkHub: connect a domain of your own.`,
        },
      ]);
    }
    const kept = await kit.deps.pool.query('SELECT 1 FROM custom_domains WHERE hostname LIKE $1', [
      `%.${LINK_HOST}`,
    ]);
    expect(kept.rowCount).toBe(0);
    // Not a subdomain, but under the special-use .localhost the dev hosts live in: refused as reserved.
    const lookalike = await kit.api('POST', '/v1/domains', { key, body: { hostname: `evil-${LINK_HOST}` } });
    expect(lookalike.status).toBe(422);
    expect((await json<ErrorBody>(lookalike)).error.code).toBe('domain_not_allowed');
  });

  it('refuses a not-found address carrying credentials or resolving to a private network, and keeps the old one', async () => {
    const domain = (
      await json<Envelope<Domain>>(
        await kit.api('POST', '/v1/domains', { key, body: { hostname: 'lost.example.com' } }),
      )
    ).data;
    const set = (not_found_url: string) =>
      kit.api('PATCH', `/v1/domains/${domain.id}`, { key, body: { not_found_url } });
    expect((await set('https://example.com/lost')).status).toBe(200);
    for (const url of ['https://user:pw@example.com/lost', 'https://intranet.example.com/lost']) {
      const updated = await set(url);
      expect(updated.status, url).toBe(422);
      expect((await json<ErrorBody>(updated)).error).toMatchObject({
        code: 'destination_unsafe',
        details: [{ field: 'not_found_url', issue: 'destination_unsafe' }],
      });
    }
    const read = (await json<Envelope<Domain>>(await kit.api('GET', `/v1/domains/${domain.id}`, { key })))
      .data;
    expect(read.not_found_url).toBe('https://example.com/lost');
    await kit.api('DELETE', `/v1/domains/${domain.id}`, { key });
  });

  it('a link on an unknown domain host is 404 on the domain field', async () => {
    const res = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/', domain: 'nope.example.com' },
    });
    expect(res.status).toBe(404);
    expect((await json<ErrorBody>(res)).error.details).toEqual([{ field: 'domain', issue: 'not_found' }]);
  });

  it('needs domains scopes', async () => {
    const linksOnly = await kit.key(['links:read']);
    const res = await kit.api('GET', '/v1/domains', { key: linksOnly });
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).error.code).toBe('insufficient_scope');
  });
});
