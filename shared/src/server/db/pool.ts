import pg from 'pg';
import type { DatabaseTarget, PreparedStatementMode } from '../../config/database';

export type PgPoolOptions = {
  readonly target: DatabaseTarget;
  readonly applicationName: string;
  readonly preparedStatements: PreparedStatementMode;
  readonly connectionTimeoutMillis?: number;
};

/** A plain query config that names its statement; a Submittable (a COPY stream, a cursor) is left alone. */
function withoutName(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || !('name' in config) || 'submit' in config)
    return config;
  return Object.fromEntries(Object.entries(config).filter(([key]) => key !== 'name'));
}

/**
 * Makes a client send every statement unnamed. Every caller (drizzle, the cache refresh's named
 * statements, the ingest's batch insert) reaches PostgreSQL through `client.query`, so this is the
 * one place the mode is decided rather than at each call site. `Reflect.apply` keeps pg's overloads
 * untouched (a typed override cannot restate all of them).
 */
function sendStatementsUnnamed(client: pg.PoolClient): void {
  const query = client.query;
  Object.defineProperty(client, 'query', {
    configurable: true,
    value: (...args: unknown[]): unknown =>
      Reflect.apply(query, client, [withoutName(args[0]), ...args.slice(1)]),
  });
}

/**
 * The sync-server's and worker's pools (the edge builds its own in edge/src/lookup/pg-lookup.ts).
 * Nothing here keeps session state across statements: each transaction is whole on one connection,
 * which is all a transaction-mode pooler guarantees (DECISIONS D-351).
 */
export function createPgPool(options: PgPoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.target.url,
    max: options.target.max,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 3_000,
    application_name: options.applicationName,
  });
  if (options.preparedStatements === 'unnamed') pool.on('connect', sendStatementsUnnamed);
  // An idle client's error (the server restarting, a connection killed) must not crash the process:
  // the next query reports it. Services add their own listener that logs it.
  pool.on('error', () => undefined);
  return pool;
}

/** A pool straight to PostgreSQL (tests, benches, tools), with the same guard against idle-client errors. */
export function createDirectPool(url: string, max: number, applicationName = 'linkhub'): pg.Pool {
  return createPgPool({ target: { url, max }, applicationName, preparedStatements: 'named' });
}
