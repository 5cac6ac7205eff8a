import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createPgPool } from './pool';
import { createTestDatabase, type TestDatabase } from './testing';
import type { PreparedStatementMode } from '../../config/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

/** Runs a named statement on one connection and reads what that connection has prepared. */
async function preparedAfterNamedQuery(
  mode: PreparedStatementMode,
): Promise<{ answer: unknown; prepared: string[] }> {
  const pool: pg.Pool = createPgPool({
    target: { url: database.url, max: 1 },
    applicationName: 'linkhub-pool-test',
    preparedStatements: mode,
  });
  try {
    const client = await pool.connect();
    try {
      const result = await client.query<{ answer: number }>({
        name: 'pool_test_answer',
        text: 'SELECT $1::int + 1 AS answer',
        values: [41],
      });
      // The same name again, as a second request on the same connection would send it.
      await client.query({ name: 'pool_test_answer', text: 'SELECT $1::int + 1 AS answer', values: [1] });
      const prepared = await client.query<{ name: string }>(
        'SELECT name FROM pg_prepared_statements ORDER BY name',
      );
      return { answer: result.rows[0]?.answer, prepared: prepared.rows.map((r) => r.name) };
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

describe('createPgPool', () => {
  it('keeps named statements prepared on the connection by default (named)', async () => {
    expect(await preparedAfterNamedQuery('named')).toEqual({ answer: 42, prepared: ['pool_test_answer'] });
  });

  it('sends every statement unnamed when told, with the same answers, so a transaction pooler can hand the connection on', async () => {
    expect(await preparedAfterNamedQuery('unnamed')).toEqual({ answer: 42, prepared: [] });
  });

  it('passes the same through pool.query and a transaction', async () => {
    const pool = createPgPool({
      target: { url: database.url, max: 2 },
      applicationName: 'linkhub-pool-test',
      preparedStatements: 'unnamed',
    });
    try {
      const direct = await pool.query<{ n: number }>({
        name: 'pool_test_n',
        text: 'SELECT 7 AS n',
        values: [],
      });
      expect(direct.rows).toEqual([{ n: 7 }]);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query({
          name: 'pool_test_tx',
          text: 'CREATE TEMP TABLE t (v int) ON COMMIT DROP',
          values: [],
        });
        await client.query({ name: 'pool_test_ins', text: 'INSERT INTO t VALUES ($1)', values: [3] });
        const inTx = await client.query<{ v: number }>({
          name: 'pool_test_sel',
          text: 'SELECT v FROM t',
          values: [],
        });
        await client.query('COMMIT');
        expect(inTx.rows).toEqual([{ v: 3 }]);
        const prepared = await client.query('SELECT name FROM pg_prepared_statements');
        expect(prepared.rows).toEqual([]);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});
