import type pg from 'pg';
import { translateDbError } from './errors';

/** Anything that runs SQL: the pool, or one client inside a transaction. */
export type Queryable = {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
};

export async function rows<R extends pg.QueryResultRow>(
  db: Queryable,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  return (await db.query<R>(text, values)).rows;
}

export async function one<R extends pg.QueryResultRow>(
  db: Queryable,
  text: string,
  values: unknown[] = [],
): Promise<R | undefined> {
  return (await db.query<R>(text, values)).rows[0];
}

export type TransactionOptions = {
  /** `BEGIN ISOLATION LEVEL …`; READ COMMITTED (the server default) when absent. */
  isolation?: 'REPEATABLE READ' | 'SERIALIZABLE';
  /** `fn` sends the COMMIT itself (as the last statement of a batched message); ROLLBACK still follows any throw. */
  commitsItself?: boolean;
};

/**
 * The one transaction helper of every service: `fn` on one pooled client, commit on success,
 * rollback on any throw. The database's own refusals (the one-owner trigger) are translated into the
 * error envelope's codes here, so every caller reports them the same way.
 */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (tx: pg.PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(options.isolation ? `BEGIN ISOLATION LEVEL ${options.isolation}` : 'BEGIN');
    const result = await fn(client);
    if (!options.commitsItself) await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw translateDbError(error);
  } finally {
    client.release();
  }
}
