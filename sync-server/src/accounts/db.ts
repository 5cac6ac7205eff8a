import type pg from 'pg';
import { ConflictError } from '@linkhub/shared/errors/app-error';

/** Anything that runs SQL: the pool, or one client inside a transaction. */
export type Queryable = {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
};

export async function rows<R extends pg.QueryResultRow>(db: Queryable, text: string, values: unknown[] = []): Promise<R[]> {
  return (await db.query<R>(text, values)).rows;
}

export async function one<R extends pg.QueryResultRow>(db: Queryable, text: string, values: unknown[] = []): Promise<R | undefined> {
  return (await db.query<R>(text, values)).rows[0];
}

/**
 * Runs `fn` in one transaction on one pooled client: commit on success, rollback on any throw.
 * The database's own invariants (the deferred one-owner trigger, unique indexes) are translated
 * into the error envelope's codes here, so every caller reports them the same way.
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw translateDbError(error);
  } finally {
    client.release();
  }
}

type PgError = { code?: unknown; message?: unknown; constraint?: unknown };

function isPgError(error: unknown): error is PgError & Error {
  return error instanceof Error && 'code' in error;
}

export function translateDbError(error: unknown): unknown {
  if (!isPgError(error)) return error;
  const message = typeof error.message === 'string' ? error.message : '';
  if (error.code === 'P0001' && message.startsWith('last_owner_required')) {
    return new ConflictError('last_owner_required', { details: [{ field: 'role', issue: 'last_owner_required' }] });
  }
  return error;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return isPgError(error) && error.code === '23505' && (constraint === undefined || error.constraint === constraint);
}
