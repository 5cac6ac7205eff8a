import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainHostKey, redirectKey, rootPageKey } from '@linkhub/shared/cache/keys';
import { parseDomainRoute } from '@linkhub/shared/cache/payload';
import { startStack, type Stack } from './stack';

/**
 * Cache write-through at the edge: custom domain changes made through the command layer reach the edge on the
 * next request — host routing (`dom:host:`), the addresses on the host, and a bio domain's root page
 * (`page:{host}:/`) — and removing a domain never makes a printed QR code stop resolving.
 */
type Created = { data: { id: string } };
type Failure = { error: { code: string; details: Array<Record<string, unknown>> } };

let s: Stack;
beforeAll(async () => {
  s = await startStack();
});
afterAll(async () => {
  await s.stop();
});

/**
 * Adds a domain through /v1 and verifies it without DNS: the row is marked verified and the
 * cache-refresh job enqueued, as the domain-verify job does on success (that job has its own tests
 * against a real DNS server, worker/src/processors/domain-verify.test.ts).
 */
async function addVerifiedDomain(hostname: string, purpose: 'links' | 'bio'): Promise<string> {
  const added = await s.v1<Created>('POST', '/v1/domains', { hostname, purpose });
  expect(added.status).toBe(201);
  const id = added.body.data.id;
  await s.kit.deps.pool.query(
    `UPDATE custom_domains SET status = 'verified', verified_at = now() WHERE id = $1`,
    [id],
  );
  await s.refresh({ kind: 'resource', resource_type: 'domain', id });
  return id;
}

describe('custom domains at the edge', () => {
  it('a domain is served once verified, and answers a readable 404 on the next request after removal', async () => {
    const host = 'go.maya-prints.com';
    // A routing entry left from an earlier life of the host name: adding the domain clears it.
    await s.redis.set(domainHostKey(s.prefix, host), JSON.stringify({ stale: true }));
    const added = await s.v1<Created>('POST', '/v1/domains', { hostname: host });
    expect(added.status).toBe(201);
    expect(await s.redis.exists(domainHostKey(s.prefix, host))).toBe(0);
    expect((await s.get(host, '/sale')).status).toBe(404);

    await s.kit.deps.pool.query(
      `UPDATE custom_domains SET status = 'verified', verified_at = now() WHERE id = $1`,
      [added.body.data.id],
    );
    await s.refresh({ kind: 'resource', resource_type: 'domain', id: added.body.data.id });
    expect(parseDomainRoute((await s.redis.get(domainHostKey(s.prefix, host))) ?? '')).toMatchObject({
      domain_id: added.body.data.id,
      purpose: 'links',
    });

    const link = await s.v1('POST', '/v1/links', {
      destination_url: 'https://shop.example.com/sale',
      slug: 'sale',
      domain: host,
    });
    expect(link.status).toBe(201);
    const before = s.edge.lookup.queryCount;
    const served = await s.get(host, '/sale');
    expect(served.status).toBe(302);
    expect(served.headers.get('location')).toBe('https://shop.example.com/sale');
    expect(s.edge.lookup.queryCount).toBe(before);

    const removed = await s.v1('DELETE', `/v1/domains/${added.body.data.id}`);
    expect(removed.status).toBe(200);
    expect(await s.redis.exists(domainHostKey(s.prefix, host))).toBe(0);
    expect(await s.redis.exists(redirectKey(s.prefix, host, 'sale'))).toBe(0);
    const gone = await s.get(host, '/sale');
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toContain('text/html');
  });

  it('a domain with a QR code cannot be removed, and the code keeps resolving from the cache and from PostgreSQL', async () => {
    const host = 'qr.maya-prints.com';
    const id = await addVerifiedDomain(host, 'links');
    const qr = await s.v1('POST', '/v1/qr-codes', {
      destination_url: 'https://shop.example.com/table',
      slug: 'table',
      domain: host,
    });
    expect(qr.status).toBe(201);
    expect((await s.get(host, '/table')).status).toBe(302);

    const refused = await s.v1<Failure>('DELETE', `/v1/domains/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({ field: 'domain', issue: 'has_qr_codes' }),
    ]);
    expect(await s.redis.ttl(redirectKey(s.prefix, host, 'table'))).toBe(-1);
    expect(await s.redis.exists(domainHostKey(s.prefix, host))).toBe(1);
    const cached = await s.get(host, '/table');
    expect(cached.status).toBe(302);
    expect(cached.headers.get('location')).toBe('https://shop.example.com/table');

    await s.flush(host, 'table');
    const fromDb = await s.get(host, '/table');
    expect(fromDb.status).toBe(302);
    expect(fromDb.headers.get('location')).toBe('https://shop.example.com/table');
  });

  it("a bio domain's root page is written on publish, served from Redis, rewritten on republish and purged with the domain", async () => {
    const host = 'me.maya-prints.com';
    const domainId = await addVerifiedDomain(host, 'bio');
    const page = await s.v1<Created>('POST', '/v1/pages', {
      handle: 'maya-shop',
      title: 'Maya shop',
      domain: host,
      blocks: [{ type: 'link', title: 'Store', url: 'https://shop.example.com/' }],
    });
    expect(page.status).toBe(201);
    expect((await s.v1('POST', `/v1/pages/${page.body.data.id}/publish`)).status).toBe(200);
    expect(await s.redis.exists(rootPageKey(s.prefix, host))).toBe(1);

    const before = s.edge.lookup.queryCount;
    const root = await s.get(host, '/');
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('Maya shop');
    expect(s.edge.lookup.queryCount).toBe(before);

    expect(
      (await s.v1('PATCH', `/v1/pages/${page.body.data.id}`, { title: 'Maya summer shop' })).status,
    ).toBe(200);
    expect((await s.v1('POST', `/v1/pages/${page.body.data.id}/publish`)).status).toBe(200);
    const republished = await s.get(host, '/');
    expect(await republished.text()).toContain('Maya summer shop');
    expect(s.edge.lookup.queryCount).toBe(before);

    expect((await s.v1('DELETE', `/v1/domains/${domainId}`)).status).toBe(200);
    expect(await s.redis.exists(rootPageKey(s.prefix, host))).toBe(0);
    expect((await s.get(host, '/')).status).toBe(404);
  });

  it('a published page moved between bio hosts serves at its new address on the next request, and no longer at the old one', async () => {
    const host = 'links.maya-prints.com';
    await addVerifiedDomain(host, 'bio');
    const linksOnly = 'short.maya-prints.com';
    await addVerifiedDomain(linksOnly, 'links');
    const page = await s.v1<Created>('POST', '/v1/pages', {
      handle: 'maya-links',
      title: 'Maya links',
      blocks: [{ type: 'link', title: 'Store', url: 'https://shop.example.com/' }],
    });
    expect(page.status).toBe(201);
    expect((await s.v1('POST', `/v1/pages/${page.body.data.id}/publish`)).status).toBe(200);
    expect((await s.get('bio.localhost', '/maya-links')).status).toBe(200);
    // Before the move the domain's root is its workspace's branded root page, not this page.
    const rootBefore = await s.get(host, '/');
    expect(rootBefore.status).toBe(200);
    expect(await rootBefore.text()).not.toContain('Maya links');

    const refused = await s.v1<Failure>('PATCH', `/v1/pages/${page.body.data.id}`, { domain: linksOnly });
    expect(refused.status).toBe(404);
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({ field: 'domain_id', issue: 'not_found' }),
    ]);

    expect((await s.v1('PATCH', `/v1/pages/${page.body.data.id}`, { domain: host })).status).toBe(200);
    const root = await s.get(host, '/');
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('Maya links');
    expect((await s.get('bio.localhost', '/maya-links')).status).toBe(404);
  });
});
