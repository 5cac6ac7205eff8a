import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import type { Domain } from '@linkhub/shared/schemas/domains';
import { startV1Kit, ALL_SCOPES, type Envelope, type V1Kit } from '../../testing/v1-kit';

/**
 * The custom-domain doors under near-valid input: PATCH of a real domain, the re-check,
 * and creation, with bodies that are almost right (wrong types, unknown keys at every depth,
 * handles and URLs that are not, camelCase). Never a 5xx; a refusal is the envelope and changes no
 * domain, workspace default or audit row; what is accepted is exactly what the schema allows.
 */
let kit: V1Kit;
let key: string;
let domainId: string;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  const res = await kit.api('POST', '/v1/domains', { key, body: { hostname: 'prop.example.com' } });
  domainId = ((await res.json()) as Envelope<Domain>).data.id;
  await kit.deps.pool.query(
    "UPDATE custom_domains SET status = 'verified', verified_at = now() WHERE id = $1",
    [domainId],
  );
});
afterAll(async () => kit.stop());
beforeEach(async () => {
  const keys = await kit.deps.redis.keys(`${rateLimitKey(kit.deps.config.REDIS_PREFIX, 'key', '')}*`);
  if (keys.length > 0) await kit.deps.redis.del(...keys);
});

/** Everything a refusal must leave untouched. */
const snapshot = async () =>
  (
    await kit.deps.pool.query<{ s: string }>(
      `SELECT (SELECT jsonb_agg(to_jsonb(d) - 'updated_at' ORDER BY d.id) FROM custom_domains d)::text
              || (SELECT jsonb_agg(w.default_link_domain_id ORDER BY w.id) FROM workspaces w)::text
              || (SELECT count(*) FROM audit_log_entries)::text AS s`,
    )
  ).rows[0]?.s;

const junk = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom(
    '',
    ' ',
    'A',
    'a'.repeat(70),
    '..',
    'Maya Page',
    '东京',
    '\u0000',
    'javascript:alert(1)',
    'ftp://x',
  ),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 2 }),
);
const patchBody = fc.record(
  {
    purpose: fc.oneof(fc.constantFrom('links', 'bio', 'all', 'LINKS', 'both'), junk),
    root_handle: fc.oneof(fc.constantFrom('maya', null, 'no page'), junk),
    not_found_url: fc.oneof(fc.constantFrom('https://example.com/lost', null, 'example.com'), junk),
    default_for_links: fc.oneof(fc.boolean(), junk),
    notFoundUrl: junk,
    extra: junk,
  },
  { requiredKeys: [] },
);

async function expectEnvelope(res: Response): Promise<void> {
  const body = (await res.json()) as {
    error?: { code?: unknown; message?: unknown; details?: unknown; request_id?: unknown };
  };
  expect(typeof body.error?.code).toBe('string');
  expect(typeof body.error?.message).toBe('string');
  expect(Array.isArray(body.error?.details)).toBe(true);
  expect(typeof body.error?.request_id).toBe('string');
}

describe('custom-domain doors under near-valid input', () => {
  test.prop([patchBody])(
    'PATCH /v1/domains/{id}: no 5xx, a refusal is the envelope and changes nothing',
    async (body) => {
      const before = await snapshot();
      const res = await kit.api('PATCH', `/v1/domains/${domainId}`, { key, body });
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) {
        await expectEnvelope(res);
        expect(await snapshot()).toBe(before);
        return;
      }
      expect(res.status).toBe(200);
      // Accepted: only the documented keys, with values the schema allows.
      expect(
        Object.keys(body).every((k) =>
          ['purpose', 'root_handle', 'not_found_url', 'default_for_links'].includes(k),
        ),
      ).toBe(true);
      const domain = ((await res.json()) as Envelope<Domain>).data;
      if (typeof body.purpose === 'string') expect(domain.purpose).toBe(body.purpose);
      if (body.not_found_url === null) expect(domain.not_found_url).toBeNull();
    },
  );

  test.prop([fc.oneof(fc.constant({}), fc.record({ extra: junk }), fc.record({ recheck: junk }))])(
    'POST /v1/domains/{id}/verify: no 5xx, unknown keys refused with the envelope',
    async (body) => {
      const before = await snapshot();
      const res = await kit.api('POST', `/v1/domains/${domainId}/verify`, { key, body });
      expect(res.status).toBeLessThan(500);
      expect(res.status).toBe(Object.keys(body).length === 0 ? 200 : 400);
      if (res.status >= 400) {
        await expectEnvelope(res);
        expect(await snapshot()).toBe(before);
      }
    },
  );

  test.prop([
    fc.record(
      {
        hostname: fc.oneof(
          fc.domain(),
          junk,
          fc.constantFrom('lnk.localhost', 'x.lnk.localhost', 'prop.example.test', 'Go.Example.Test'),
        ),
        purpose: fc.oneof(fc.constantFrom('links', 'bio', 'all'), junk),
        root_handle: junk,
        extra: junk,
      },
      { requiredKeys: [] },
    ),
  ])('POST /v1/domains: no 5xx; a refusal is the envelope and adds no domain', async (body) => {
    const before = await snapshot();
    const res = await kit.api('POST', '/v1/domains', { key, body });
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) {
      await expectEnvelope(res);
      expect(await snapshot()).toBe(before);
    } else {
      expect(res.status).toBe(201);
      const created = ((await res.json()) as Envelope<Domain>).data;
      await kit.api('DELETE', `/v1/domains/${created.id}`, { key });
    }
  });
});
