import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { intArrayLiteral, textArrayLiteral } from './array-literal';

let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
});
afterAll(async () => {
  await t.close();
});

describe('array literals', () => {
  it('reach PostgreSQL as the same values, quotes, backslashes, commas, braces, NULL-looking and empty strings included', async () => {
    const values = [
      'plain',
      '',
      'NULL',
      'a,b',
      '{x}',
      'say "hi"',
      'back\\slash',
      ' spaced ',
      'naïve',
      "it's",
    ];
    const res = await t.deps.pool.query<{ v: string[]; n: string[] }>(
      'SELECT $1::text[] AS v, $2::bigint[]::text[] AS n',
      [textArrayLiteral(values), intArrayLiteral([0, 7, 1234567890123])],
    );
    expect(res.rows[0]).toEqual({ v: values, n: ['0', '7', '1234567890123'] });
  });

  it('makes an empty array of no values', async () => {
    const res = await t.deps.pool.query<{ n: number }>('SELECT cardinality($1::text[]) AS n', [
      textArrayLiteral([]),
    ]);
    expect(res.rows[0]?.n).toBe(0);
  });
});
