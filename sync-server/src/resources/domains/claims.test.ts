import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '@linkhub/shared/schemas/domains';
import { setPlan } from '../../testing/accounts-kit';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

let kit: V1Kit;
let ownerKey: string;
let otherKey: string;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

beforeAll(async () => {
  kit = await startV1Kit();
  await setPlan(kit, kit.other.workspaceId, 'business');
  ownerKey = await kit.key(ALL_SCOPES);
  otherKey = await kit.key(ALL_SCOPES, 'other');
});
afterAll(async () => {
  await kit.stop();
});

const add = (key: string, hostname: string) => kit.api('POST', '/v1/domains', { key, body: { hostname } });

describe('a custom domain is reserved only once proven', () => {
  it('two workspaces may each hold a pending claim; once one is verified it holds the host and the other cannot re-open or re-add it', async () => {
    const host = 'links.acme.co.uk';
    const squat = await add(ownerKey, host);
    expect(squat.status).toBe(201);
    const squatId = (await json<Envelope<Domain>>(squat)).data.id;
    const real = await add(otherKey, host);
    expect(real.status).toBe(201);
    const realId = (await json<Envelope<Domain>>(real)).data.id;
    // A workspace does not race itself: one live claim per host.
    expect((await json<ErrorBody>(await add(ownerKey, host))).error.code).toBe('domain_taken');

    // What the worker writes when the other workspace's TXT record checks out (worker/src/processors/domain-claims.test.ts proves that part).
    await kit.deps.pool.query(
      "UPDATE custom_domains SET status = 'verified', verified_at = now() WHERE id = $1",
      [realId],
    );
    await kit.deps.pool.query("UPDATE custom_domains SET status = 'lost' WHERE id = $1", [squatId]);

    const lost = await json<Envelope<Domain>>(
      await kit.api('GET', `/v1/domains/${squatId}`, { key: ownerKey }),
    );
    expect(lost.data.status).toBe('lost');
    const retry = await kit.api('POST', `/v1/domains/${squatId}/verify`, { key: ownerKey });
    expect(retry.status).toBe(409);
    expect((await json<ErrorBody>(retry)).error).toMatchObject({
      code: 'domain_taken',
      details: [{ field: 'hostname', issue: 'domain_taken' }],
    });
    expect((await kit.api('DELETE', `/v1/domains/${squatId}`, { key: ownerKey })).status).toBe(200);
    const readd = await add(ownerKey, host);
    expect(readd.status).toBe(409);
    expect((await json<ErrorBody>(readd)).error.code).toBe('domain_taken');
    const { rows } = await kit.deps.pool.query<{ workspace_id: string; status: string }>(
      'SELECT workspace_id, status FROM custom_domains WHERE hostname = $1 AND deleted_at IS NULL',
      [host],
    );
    expect(rows).toEqual([{ workspace_id: kit.other.workspaceId, status: 'verified' }]);
  });

  it.each([
    ['co.uk', 'public_suffix'],
    ['github.io', 'public_suffix'],
    ['com', 'invalid'],
    ['localhost', 'invalid'],
    ['foo.localhost', 'reserved_name'],
    ['shop.example', 'reserved_name'],
    ['printer.local', 'reserved_name'],
    ['db.internal', 'reserved_name'],
    ['go.invalid', 'reserved_name'],
    ['203.0.113.9', 'invalid'],
  ])('refuses %s (%s) and stores nothing', async (hostname, issue) => {
    const before = await kit.count('custom_domains');
    const res = await add(ownerKey, hostname);
    const body = await json<ErrorBody>(res);
    if (issue === 'invalid') expect(res.status).toBe(400);
    else {
      expect(res.status).toBe(422);
      expect(body.error).toMatchObject({
        code: 'domain_not_allowed',
        details: [{ field: 'hostname', issue }],
      });
      expect(body.error.message.length).toBeGreaterThan(20);
    }
    expect(await kit.count('custom_domains')).toBe(before);
  });

  it('refuses a Unicode look-alike of a system host under a public suffix, and accepts real names under one', async () => {
    const system = await startV1Kit({}, { LINK_HOST: 'lnk.linkhub.app', BIO_HOST: 'bio.linkhub.app' });
    try {
      const key = await system.key(ALL_SCOPES);
      // The link host with a Cyrillic "і" (typed, and as punycode), a Greek "υ", and a subdomain of one.
      const lookalikes = [
        'lnk.l\u0456nkhub.app',
        'lnk.xn--lnkhub-pvf.app',
        'xn--nk-tyc.linkhub.app', // a Cyrillic palochka for the l of lnk
        'lnk.linkh\u03c5b.app',
        'go.lnk.xn--lnkhub-pvf.app',
      ];
      for (const hostname of lookalikes) {
        const res = await system.api('POST', '/v1/domains', { key, body: { hostname } });
        expect(res.status, hostname).toBe(422);
        expect((await json<ErrorBody>(res)).error.details).toEqual([
          { field: 'hostname', issue: 'system_lookalike' },
        ]);
      }
      for (const hostname of ['links.acme.co.uk', 'maya.github.io', 'go.linkhub-fans.app']) {
        const res = await system.api('POST', '/v1/domains', { key, body: { hostname } });
        expect(res.status, hostname).toBe(201);
      }
    } finally {
      await system.stop();
    }
  });
});
