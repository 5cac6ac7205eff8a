import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseEnvShape, databaseTargets } from './database';
import { EnvError, parseEnvOrThrow } from './env';

const schema = z.object(databaseEnvShape({ poolMax: 5 }));
const PRIMARY = 'postgres://app@pooler:6432/linkhub';
const REPLICA = 'postgres://app@replica-pooler:6432/linkhub';

describe('databaseEnvShape and databaseTargets', () => {
  it('defaults to one pool on the primary, of the service default size, with named statements', () => {
    const targets = databaseTargets(parseEnvOrThrow(schema, { DATABASE_URL: PRIMARY }));
    expect(targets).toEqual({
      primary: { url: PRIMARY, max: 5 },
      read: { url: PRIMARY, max: 5 },
      preparedStatements: 'named',
      separateRead: false,
    });
  });

  it('gives DATABASE_READ_URL a pool of its own, sized by DATABASE_READ_POOL_MAX or else the primary size', () => {
    const both = { DATABASE_URL: PRIMARY, DATABASE_READ_URL: REPLICA, DATABASE_POOL_MAX: '8' };
    expect(databaseTargets(parseEnvOrThrow(schema, both)).read).toEqual({ url: REPLICA, max: 8 });
    const sized = { ...both, DATABASE_READ_POOL_MAX: '3' };
    expect(databaseTargets(parseEnvOrThrow(schema, sized))).toMatchObject({
      read: { url: REPLICA, max: 3 },
      separateRead: true,
    });
    // The same URL twice is one database: one pool.
    const same = { DATABASE_URL: PRIMARY, DATABASE_READ_URL: PRIMARY };
    expect(databaseTargets(parseEnvOrThrow(schema, same)).separateRead).toBe(false);
  });

  it('refuses a read URL that is not PostgreSQL and a statement mode it does not know, naming the variable', () => {
    expect(() => parseEnvOrThrow(schema, { DATABASE_READ_URL: 'mysql://replica/db' })).toThrow(
      /DATABASE_READ_URL: must be a URL \(postgres, postgresql\)/,
    );
    expect(() => parseEnvOrThrow(schema, { DATABASE_PREPARED_STATEMENTS: 'sometimes' })).toThrow(
      /DATABASE_PREPARED_STATEMENTS/,
    );
  });

  test.prop([fc.oneof(fc.integer(), fc.string({ maxLength: 6 }))])(
    'takes a pool size of 1-500 and refuses anything else with an EnvError naming it',
    (value) => {
      const text = String(value);
      // What an operator means by the text, as a number (env values are strings, coerced once).
      const meant = Number(text);
      const accepted = Number.isInteger(meant) && meant >= 1 && meant <= 500;
      const parse = () => parseEnvOrThrow(schema, { DATABASE_POOL_MAX: text, DATABASE_READ_POOL_MAX: text });
      if (accepted) {
        const env = parse();
        expect(env.DATABASE_POOL_MAX).toBe(meant);
      } else {
        expect(parse).toThrow(EnvError);
        expect(parse).toThrow(/DATABASE_POOL_MAX: /);
      }
    },
  );
});
