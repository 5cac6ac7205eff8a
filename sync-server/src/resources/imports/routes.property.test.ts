import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, expect } from 'vitest';
import { ALL_SCOPES, startV1Kit, type V1Kit } from '../../testing/v1-kit';

/**
 * `POST /v1/imports` with hostile exports: random sources, Unicode and control characters, deeply
 * nested JSON, near-valid rows of every product's shape, CSV with stray quotes. Never a 5xx, always
 * the one envelope on a refusal, and a dry run creates nothing.
 */
let kit: V1Kit;
let key = '';

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => kit.stop());

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    'café',
    'bit.ly/aB_c',
    'https://évil.example/x',
    'javascript:alert(1)',
    '\u202e',
    'a\u0000b',
  ),
);
const row = fc.dictionary(
  fc.constantFrom(
    'key',
    'url',
    'slug',
    'long_url',
    'shortUrl',
    'keyword',
    'title',
    'tags',
    'clicks',
    'createdAt',
    'domain',
  ),
  fc.oneof(text, fc.integer(), fc.constant(null), fc.array(text, { maxLength: 3 })),
);
const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
const content = fc.oneof(
  fc.array(row, { maxLength: 5 }).map((rows) => JSON.stringify(rows)),
  fc.array(row, { maxLength: 5 }).map((rows) => JSON.stringify({ links: rows, shortUrls: { data: rows } })),
  fc.integer({ min: 1_000, max: 200_000 }).map(nested),
  fc
    .array(fc.array(text, { minLength: 1, maxLength: 4 }), { maxLength: 5 })
    .map((lines) => `keyword,url,title\n${lines.map((cells) => cells.join(',')).join('\n')}`),
  text,
);

test.prop(
  [fc.constantFrom('bitly', 'dub', 'rebrandly', 'shlink', 'kutt', 'yourls', 'tinyurl', ''), content],
  {
    numRuns: 60,
  },
)('never a 5xx, always the envelope, and a dry run creates nothing', async (source, body) => {
  const before = await kit.deps.pool.query('SELECT count(*)::int AS n FROM links');
  const res = await kit.api('POST', '/v1/imports', { key, body: { source, content: body, dry_run: true } });
  expect(res.status).toBeLessThan(500);
  const json = (await res.json()) as { data?: unknown; error?: { code: string; details: unknown[] } };
  if (res.status >= 400) expect(Array.isArray(json.error?.details)).toBe(true);
  else expect(Array.isArray(json.data)).toBe(true);
  const after = await kit.deps.pool.query('SELECT count(*)::int AS n FROM links');
  expect(after.rows[0]).toEqual(before.rows[0]);
});
