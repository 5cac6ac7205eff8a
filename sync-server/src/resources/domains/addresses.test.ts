import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '@linkhub/shared/schemas/domains';
import { domainHostKey } from '@linkhub/shared/cache/keys';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

/** A domain's own addresses through `/v1/domains` (D-617, D-616): root redirect and ended-link default. */
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

describe('/v1/domains addresses', () => {
  it("sets, reads and clears root_redirect_url and expired_url, and writes them into the edge's host route", async () => {
    const domain = (
      await json<Envelope<Domain>>(
        await kit.api('POST', '/v1/domains', { key, body: { hostname: 'go.addresses.example.com' } }),
      )
    ).data;
    expect(domain).toMatchObject({ root_redirect_url: null, expired_url: null });
    // Verified (as the worker would), so the edge serves it and its route is cached.
    await kit.deps.pool.query(
      "UPDATE custom_domains SET status = 'verified', verified_at = now() WHERE id = $1",
      [domain.id],
    );
    const set = await kit.api('PATCH', `/v1/domains/${domain.id}`, {
      key,
      body: { root_redirect_url: 'https://example.com/home', expired_url: 'https://example.com/ended' },
    });
    expect(set.status).toBe(200);
    expect((await json<Envelope<Domain>>(set)).data).toMatchObject({
      root_redirect_url: 'https://example.com/home',
      expired_url: 'https://example.com/ended',
    });
    const routeKey = domainHostKey(kit.deps.config.REDIS_PREFIX, domain.hostname);
    let route: string | null = null;
    for (let i = 0; i < 100 && !(route ?? '').includes('root_redirect_url'); i++) {
      route = await kit.deps.cacheRedis.get(routeKey);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(route).toContain('"root_redirect_url":"https://example.com/home"');
    expect(route).toContain('"expired_url":"https://example.com/ended"');

    const cleared = await kit.api('PATCH', `/v1/domains/${domain.id}`, {
      key,
      body: { root_redirect_url: null },
    });
    expect((await json<Envelope<Domain>>(cleared)).data).toMatchObject({
      root_redirect_url: null,
      expired_url: 'https://example.com/ended',
    });
  });

  it('refuses an address that is not a safe web address, in the envelope, and keeps the old one', async () => {
    const domain = (
      await json<Envelope<Domain>>(
        await kit.api('POST', '/v1/domains', { key, body: { hostname: 'bad.addresses.example.com' } }),
      )
    ).data;
    const scheme = await kit.api('PATCH', `/v1/domains/${domain.id}`, {
      key,
      body: { root_redirect_url: 'javascript:alert(1)' },
    });
    expect(scheme.status).toBe(400);
    const unsafe = await kit.api('PATCH', `/v1/domains/${domain.id}`, {
      key,
      body: { expired_url: 'https://intranet.example.com/x' },
    });
    expect(unsafe.status).toBe(422);
    expect((await json<ErrorBody>(unsafe)).error.details).toMatchObject([
      { field: 'expired_url', issue: 'destination_unsafe' },
    ]);
    const read = (await json<Envelope<Domain>>(await kit.api('GET', `/v1/domains/${domain.id}`, { key })))
      .data;
    expect(read).toMatchObject({ root_redirect_url: null, expired_url: null });
  });
});
