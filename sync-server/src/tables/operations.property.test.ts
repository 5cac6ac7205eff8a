import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import type { Link } from '@linkhub/shared/schemas/links';
import { OPERATIONS } from './operations';
import { startV1Kit, ALL_SCOPES, type Envelope, type V1Kit } from '../testing/v1-kit';

/**
 * Every documented /v1 operation under random input ("property-based tests at every
 * door"): random bodies, query strings, path parameters and headers. Never a 5xx, always the one
 * error envelope on a refusal, and no content row changed by a refusal.
 */
let kit: V1Kit;
let key: string;
let linkId: string;
const TABLES = [
  'links',
  'link_versions',
  'qr_codes',
  'qr_slug_reservations',
  'bio_pages',
  'bio_blocks',
  'custom_domains',
  'uploaded_assets',
  'audit_log_entries',
];

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  const res = await kit.api('POST', '/v1/links', {
    key,
    body: { destination_url: 'https://example.com/prop', slug: 'prop' },
  });
  linkId = ((await res.json()) as Envelope<Link>).data.id;
});
afterAll(async () => {
  await kit.stop();
});
// The per-key rate limit is tested elsewhere; here it would only hide the routes behind 429s.
beforeEach(async () => {
  const keys = await kit.deps.redis.keys(`${rateLimitKey(kit.deps.config.REDIS_PREFIX, 'key', '')}*`);
  if (keys.length > 0) await kit.deps.redis.del(...keys);
});

const rowCounts = async () => Promise.all(TABLES.map((t) => kit.count(t)));

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '東京',
    'а',
    '𝔘𝔫𝔦',
    '%00',
    '%FF',
    '..%2F..',
    '<svg/onload=1>',
    "' OR 1=1 --",
    '-1',
    '1e309',
    'NaN',
    'x'.repeat(5_000),
  ),
);
const deep = fc.integer({ min: 1, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const json = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.constantFrom(
      'destination_url',
      'title',
      'slug',
      'design',
      'blocks',
      'handle',
      'hostname',
      'status',
      'utm',
      'tags',
    ),
    fc.jsonValue(),
  ),
);
const body = fc.oneof(
  json.map((v) => JSON.stringify(v)),
  text,
  deep,
  fc.constant(JSON.stringify({ destination_url: 'https://example.com/', title: 'y'.repeat(200_000) })),
);
const pathParam = fc.oneof(
  fc.constant('{link}'),
  fc.uuid(),
  text.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ''))),
);
const query = fc.array(
  fc.tuple(
    fc.constantFrom(
      'limit',
      'cursor',
      'q',
      'status',
      'format',
      'size_mm',
      'dpi',
      'bleed_mm',
      'from',
      'to',
      'interval',
      'dimension',
      'kind',
      'workspace_id',
      'x',
    ),
    text,
  ),
  { maxLength: 5 },
);
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
  fc.constant('x'.repeat(8_000)),
);
const headers = fc.record(
  {
    'Content-Type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'image/svg+xml',
      'application/json; charset=utf-16',
      '',
    ),
    Accept: headerValue,
    'Idempotency-Key': headerValue,
    'X-Anything': headerValue,
  },
  { requiredKeys: ['Content-Type'] },
);

function urlOf(path: string, id: string, params: ReadonlyArray<readonly [string, string]>): string {
  const concrete = path.replace('{id}', id === '{link}' ? linkId : id);
  const search = params
    .map(([k, v]) => `${k}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''))}`)
    .join('&');
  return search === '' ? concrete : `${concrete}?${search}`;
}

describe('every /v1 operation under random input', () => {
  for (const op of OPERATIONS) {
    test.prop([pathParam, query, body, headers])(
      `${op.operationId}: no 5xx, the envelope, nothing written on a refusal`,
      async (id, params, raw, sent) => {
        const before = await rowCounts();
        const hasBody = op.method === 'post' || op.method === 'patch';
        const res = await kit.app.request(urlOf(op.path, id, params), {
          method: op.method.toUpperCase(),
          headers: { ...sent, Authorization: `Bearer ${key}` },
          ...(hasBody ? { body: raw } : {}),
        });
        expect(res.status, `${op.method} ${op.path}`).toBeLessThan(500);
        if (res.status < 400) return;
        const envelope = (await res.json()) as {
          error?: { code?: unknown; message?: unknown; details?: unknown; request_id?: unknown };
        };
        expect(typeof envelope.error?.code).toBe('string');
        expect(typeof envelope.error?.message).toBe('string');
        expect(Array.isArray(envelope.error?.details)).toBe(true);
        expect(typeof envelope.error?.request_id).toBe('string');
        expect(await rowCounts()).toEqual(before);
      },
    );
  }
});
