import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import { startV1Kit, ALL_SCOPES, type V1Kit } from '../../testing/v1-kit';
import { bulkLinkResultsSchema, bulkLinksMetaSchema } from './bulk-schema';

/**
 * `POST /v1/links/bulk` under any body, from any of its callers: never a 5xx; either the
 * one error envelope with nothing created, or one result per item in request order, and exactly
 * `meta.created` new links in the database.
 */
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
// The per-key and per-IP limits are tested elsewhere; here they would only hide the route behind 429s.
beforeEach(async () => {
  const keys = await kit.deps.redis.keys(`${rateLimitKey(kit.deps.config.REDIS_PREFIX, '', '')}*`);
  if (keys.length > 0) await kit.deps.redis.del(...keys);
});

const linkCount = async (): Promise<number> => kit.count('links');

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '',
    '\u0000',
    '東京',
    'x'.repeat(3_000),
    'javascript:alert(1)',
    'http://localhost/',
    'https://intranet.example.com/a',
    '-1',
    'NaN',
  ),
);
const url = fc.oneof(
  fc.webUrl({ withQueryParameters: true }),
  text,
  fc.constantFrom('https://example.com/a', 'https://例え.jp/パス', 'https://user:pw@example.com/'),
);
const slug = fc.oneof(
  fc.constantFrom('prop-dup', 'prop-dup-2', 'Prop-Dup'),
  fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  text,
);
const goodItem = fc.record(
  {
    destination_url: fc.webUrl(),
    slug: fc.oneof(fc.constantFrom('prop-dup', 'prop-dup-2'), fc.stringMatching(/^[a-z0-9][a-z0-9-]{2,12}$/)),
    title: fc.string({ minLength: 1, maxLength: 40 }).filter((t) => t.trim() !== ''),
    tags: fc.array(fc.stringMatching(/^[a-z]{1,10}$/), { maxLength: 3 }),
  },
  { requiredKeys: ['destination_url'] },
);
/** Near-valid items: mostly good ones, then the createLink body's own fields with good and bad values, and the odd stranger. */
const item = fc.oneof(
  { weight: 4, arbitrary: goodItem },
  fc.record(
    {
      destination_url: url,
      slug,
      domain: fc.oneof(fc.constantFrom('lnk.localhost', 'nowhere.example.org'), text),
      title: fc.oneof(text, fc.constant(null)),
      tags: fc.oneof(fc.array(text, { maxLength: 4 }), fc.jsonValue()),
      utm: fc.oneof(fc.record({ source: text }, { requiredKeys: [] }), fc.jsonValue()),
      starts_at: fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        text,
      ),
      rules: fc.jsonValue(),
      publish: fc.jsonValue(),
      unknown_field: fc.jsonValue(),
    },
    { requiredKeys: ['destination_url'] },
  ),
  fc.jsonValue(),
);
const workspaceId = fc.constantFrom<'own' | 'foreign' | 'none' | 'missing' | 'junk'>(
  'own',
  'own',
  'none',
  'foreign',
  'missing',
  'junk',
);
const body = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      links: fc.array(item, { minLength: 1, maxLength: 12 }),
      workspace_id: workspaceId,
    }),
  },
  { weight: 1, arbitrary: fc.record({ links: fc.array(item, { maxLength: 1 }), workspace_id: workspaceId }) },
  {
    weight: 1,
    arbitrary: fc.record({
      links: fc.array(item, { minLength: 99, maxLength: 102 }),
      workspace_id: workspaceId,
    }),
  },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => ({ raw: JSON.stringify(v) })) },
  { weight: 1, arbitrary: text.map((raw) => ({ raw })) },
);
const caller = fc.constantFrom<'key' | 'otherKey' | 'owner' | 'outsider' | 'anonymous'>(
  'key',
  'key',
  'owner',
  'owner',
  'otherKey',
  'outsider',
  'anonymous',
);

function bodyText(
  b: { raw: string } | { links: unknown[]; workspace_id: 'own' | 'foreign' | 'none' | 'missing' | 'junk' },
): string {
  if ('raw' in b) return b.raw;
  const ids = {
    own: kit.owner.workspaceId,
    foreign: kit.other.workspaceId,
    missing: '0190c3c4-0000-7000-8000-0000000000ff',
    junk: 'not-a-uuid',
  };
  return JSON.stringify(
    b.workspace_id === 'none' ? { links: b.links } : { links: b.links, workspace_id: ids[b.workspace_id] },
  );
}

function authOf(who: 'key' | 'otherKey' | 'owner' | 'outsider' | 'anonymous'): Record<string, string> {
  const token = { key, otherKey, owner: kit.owner.token, outsider: kit.other.token, anonymous: '' }[who];
  return token === '' ? {} : { Authorization: `Bearer ${token}` };
}

describe('POST /v1/links/bulk under any body', () => {
  test.prop([body, caller])(
    'no 5xx; the envelope and nothing written, or a result per item and meta.created new rows',
    async (b, who) => {
      const before = await linkCount();
      const sent = bodyText(b);
      const res = await kit.app.request('/v1/links/bulk', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...authOf(who) },
        body: sent,
      });
      expect(res.status).toBeLessThan(500);
      const answer = (await res.json()) as {
        data?: unknown;
        meta?: unknown;
        error?: { code?: unknown; message?: unknown; details?: unknown; request_id?: unknown };
      };
      const created = (await linkCount()) - before;
      if (res.status !== 200) {
        expect(typeof answer.error?.code).toBe('string');
        expect(typeof answer.error?.message).toBe('string');
        expect(Array.isArray(answer.error?.details)).toBe(true);
        expect(typeof answer.error?.request_id).toBe('string');
        expect(created).toBe(0);
        return;
      }
      const data = bulkLinkResultsSchema.parse(answer.data);
      const meta = bulkLinksMetaSchema.parse(answer.meta);
      const items = (JSON.parse(sent) as { links: unknown[] }).links;
      expect(data.map((r) => r.index)).toEqual(items.map((_, i) => i));
      expect(meta.created).toBe(data.filter((r) => r.status === 'created').length);
      expect(meta.failed).toBe(data.length - meta.created);
      expect(created).toBe(meta.created);
    },
  );
});
