import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startV1Kit, ALL_SCOPES, type V1Kit } from '../testing/v1-kit';

/**
 * PostgreSQL stores no U+0000 in text or jsonb. A NUL anywhere in a body or a query string is the
 * sender's mistake: 400 `invalid_character` naming the field, nothing written (it was a 500).
 */
let kit: V1Kit;
let key: string;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => kit.stop());

type ErrorBody = { error: { code: string; details: Array<{ field: string; issue: string }> } };

describe('a NUL character at the REST door', () => {
  it('in a body, at any depth, is refused with the field named and nothing stored', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['/v1/pages', { handle: 'nul-bio', title: 'T', bio: 'a\u0000b' }, 'bio'],
      [
        '/v1/pages',
        { handle: 'nul-block', title: 'T', blocks: [{ type: 'header', text: 'x\u0000' }] },
        'blocks.0.text',
      ],
      ['/v1/links', { destination_url: 'https://example.com/', title: '\u0000' }, 'title'],
      ['/v1/links', { destination_url: 'https://example.com/', tags: ['ok', 'n\u0000'] }, 'tags.1'],
    ];
    for (const [path, body, field] of cases) {
      const res = await kit.api('POST', path, { key, body });
      expect(res.status, path).toBe(400);
      const { error } = (await res.json()) as ErrorBody;
      expect(error.code).toBe('validation_failed');
      expect(error.details).toEqual([expect.objectContaining({ field, issue: 'invalid_character' })]);
    }
    expect(await kit.count('bio_pages')).toBe(0);
    expect(await kit.count('links')).toBe(0);
  });

  it('in a query string is refused, for searches and filters alike', async () => {
    for (const path of ['/v1/links?q=%00', '/v1/links?tag=a%00', '/v1/qr-codes?q=a%00b', '/v1/pages?q=%00']) {
      const res = await kit.api('GET', path, { key });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as ErrorBody).error.details[0]?.issue).toBe('invalid_character');
    }
  });
});
