import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { jsonBoundsIssue, nulCharacterPath } from './json-bounds';

const noNul = fc.jsonValue().filter((v) => !JSON.stringify(v).includes('\\u0000'));

describe('json bounds', () => {
  it('names the first string or key holding U+0000 by its path', () => {
    expect(nulCharacterPath('a\u0000')).toBe('body');
    expect(nulCharacterPath({ blocks: [{ text: 'ok' }, { text: 'x\u0000' }] })).toBe('blocks.1.text');
    expect(nulCharacterPath({ utm: { 'k\u0000': 'v' } })).toBe('utm.k\u0000');
    expect(nulCharacterPath({ title: 'Ünïcödé ﷽ 👩‍👩‍👧', n: 1, ok: true, none: null })).toBeNull();
    expect(jsonBoundsIssue({ title: 'a\u0000' })).toMatchObject({
      field: 'title',
      issue: 'invalid_character',
    });
  });

  test.prop([noNul])('a value without U+0000 passes', (value) => {
    expect(nulCharacterPath(value)).toBeNull();
  });

  test.prop([noNul, fc.string()])('a NUL put anywhere in a value is found', (value, before) => {
    const wrapped = { a: [value, { b: `${before}\u0000` }] };
    expect(nulCharacterPath(wrapped)).not.toBeNull();
  });
});
