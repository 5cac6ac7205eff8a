import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { parseRedirectPayload } from '@linkhub/shared/cache/payload';
import { resolveRedirect } from '@linkhub/shared/server/resolve/resolve-redirect';
import type { Visit } from '@linkhub/shared/resolve/visit';
import type { Link } from '@linkhub/shared/schemas/links';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

/** Rules and split entries sent without ids take effect, are returned on read, and record valid variant ids. */
let kit: V1Kit;
let key: string;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => kit.stop());

const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

const visit = (languages: string[], visitorHash: string): Visit => ({
  now: new Date(),
  visitorHash,
  country: null,
  region: null,
  deviceType: 'desktop',
  osFamily: null,
  languages,
  referrerHost: null,
  query: '',
});

describe('/v1/links targeting and split (17.1)', () => {
  it('a language rule and a 50/50 split without ids get UUIDs, come back on read and route at the edge', async () => {
    const created = await kit.api('POST', '/v1/links', {
      key,
      body: {
        destination_url: 'https://example.com/default',
        slug: 'routed',
        rules: [
          { conditions: [{ kind: 'language', values: ['fr'] }], destination_url: 'https://example.com/fr' },
        ],
        destinations: [
          { url: 'https://example.com/a', weight: 50 },
          { url: 'https://example.com/b', weight: 50 },
        ],
      },
    });
    expect(created.status).toBe(201);
    const link = (await json<Envelope<Link>>(created)).data;
    expect(link.rules).toHaveLength(1);
    expect(link.destinations.map((d) => d.weight)).toEqual([50, 50]);
    for (const entry of [...link.rules, ...link.destinations])
      expect(z.uuid().safeParse(entry.id).success).toBe(true);

    const read = (await json<Envelope<Link>>(await kit.api('GET', `/v1/links/${link.id}`, { key }))).data;
    expect(read.rules).toEqual(link.rules);
    expect(read.destinations).toEqual(link.destinations);
    const listed = (await json<Envelope<Link[]>>(await kit.api('GET', '/v1/links?q=routed', { key }))).data;
    expect(listed.find((l) => l.id === link.id)?.destinations).toEqual(link.destinations);

    const raw = await kit.deps.redis.get(
      redirectKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.LINK_HOST, 'routed'),
    );
    const payload = raw === null ? null : parseRedirectPayload(raw);
    if (!payload) throw new Error('no redirect payload was written');
    expect(payload.rules.map((r) => r.id)).toEqual(link.rules.map((r) => r.id));
    expect(payload.destinations.map((d) => d.id)).toEqual(link.destinations.map((d) => d.id));

    const french = resolveRedirect(payload, visit(['fr-ca'], '00'.repeat(16)));
    expect(french).toMatchObject({ kind: 'redirect', location: 'https://example.com/fr' });
    const seen = new Map<string, string>();
    for (let i = 0; i < 64; i += 1) {
      const outcome = resolveRedirect(
        payload,
        visit(['en'], i.toString(16).padStart(32, '0').replace(/^0/, 'f')),
      );
      if (outcome.kind === 'redirect' && outcome.variantId) seen.set(outcome.location, outcome.variantId);
    }
    expect([...seen.keys()].sort()).toEqual(['https://example.com/a', 'https://example.com/b']);
    // What analytics ingest records as variant_id: a UUID, so no click is dead-lettered.
    for (const variantId of seen.values()) expect(link.destinations.map((d) => d.id)).toContain(variantId);
  });

  it('a rule condition with a key it does not know is refused, at any depth, nothing stored', async () => {
    const created = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/strict', slug: 'strict-rules' },
    });
    const link = (await json<Envelope<Link>>(created)).data;
    const res = await kit.api('PATCH', `/v1/links/${link.id}`, {
      key,
      body: {
        rules: [
          {
            conditions: [{ kind: 'language', values: ['fr'], nested: { a: { b: [1] } } }],
            destination_url: 'https://example.com/fr',
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error.code).toBe('validation_failed');
    const read = (await json<Envelope<Link>>(await kit.api('GET', `/v1/links/${link.id}`, { key }))).data;
    expect(read.rules).toEqual([]);
  });

  it('a split entry with a non-UUID id is refused with a clear message, nothing stored', async () => {
    const res = await kit.api('POST', '/v1/links', {
      key,
      body: {
        destination_url: 'https://example.com/x',
        slug: 'bad-split',
        destinations: [
          { id: 'a', url: 'https://example.com/a', weight: 50 },
          { url: 'https://example.com/b', weight: 50 },
        ],
      },
    });
    expect(res.status).toBe(400);
    const error = (await json<ErrorBody>(res)).error;
    expect(error.details).toContainEqual(
      expect.objectContaining({
        field: 'destinations.0.id',
        message: expect.stringMatching(/must be a UUID/),
      }),
    );
    expect(await kit.count("links WHERE slug = 'bad-split'")).toBe(0);
  });
});
