import { z } from 'zod';
import { envFields } from './env';

const POSTGRES_URL = envFields.url(['postgres', 'postgresql']);

/**
 * Named prepared statements (`pg`'s `{ name, text }`): each server connection plans a statement
 * once. A transaction-mode pooler hands consecutive transactions to different server connections,
 * so a name prepared on one is unknown on the next unless the pooler tracks them (PgBouncer ≥ 1.21
 * with max_prepared_statements > 0). `unnamed` sends every statement unnamed; set it behind an
 * older pooler (Debian 12's PgBouncer is 1.18). DECISIONS D-352.
 */
export const PREPARED_STATEMENT_MODES = ['named', 'unnamed'] as const;
export type PreparedStatementMode = (typeof PREPARED_STATEMENT_MODES)[number];

const poolSize = () => z.coerce.number().int().min(1, 'must be 1-500').max(500, 'must be 1-500');

/**
 * A service's PostgreSQL settings (docs/product-rules.md#scale-out, DECISIONS D-351): the primary, an optional read
 * replica, and this process's pool sizes. Behind PgBouncer in transaction mode, DATABASE_URL names
 * the pooler; a pool is then the most client connections this process opens to it.
 */
export function databaseEnvShape(defaults: { poolMax: number }) {
  return {
    DATABASE_URL: POSTGRES_URL.default('postgres://postgres@127.0.0.1:5432/linkhub'),
    /** A read replica (or its pooler) for the reads that tolerate replication lag; unset: the primary. */
    DATABASE_READ_URL: POSTGRES_URL.optional(),
    /** Connections this process holds to DATABASE_URL at most. */
    DATABASE_POOL_MAX: poolSize().default(defaults.poolMax),
    /** Connections this process holds to DATABASE_READ_URL at most (default: DATABASE_POOL_MAX). */
    DATABASE_READ_POOL_MAX: poolSize().optional(),
    DATABASE_PREPARED_STATEMENTS: z.enum(PREPARED_STATEMENT_MODES).default('named'),
  } as const;
}

export type DatabaseEnv = {
  DATABASE_URL: string;
  DATABASE_READ_URL?: string | undefined;
  DATABASE_POOL_MAX: number;
  DATABASE_READ_POOL_MAX?: number | undefined;
  DATABASE_PREPARED_STATEMENTS: PreparedStatementMode;
};

export type DatabaseTarget = { readonly url: string; readonly max: number };

/** Where writes (and reads that must see them) go, and where lag-tolerant reads go. */
export type DatabaseTargets = {
  readonly primary: DatabaseTarget;
  /** The primary itself when no DATABASE_READ_URL is set. */
  readonly read: DatabaseTarget;
  readonly preparedStatements: PreparedStatementMode;
  /** Whether `read` is a separate database (a pool of its own is needed). */
  readonly separateRead: boolean;
};

export function databaseTargets(env: DatabaseEnv): DatabaseTargets {
  const primary = { url: env.DATABASE_URL, max: env.DATABASE_POOL_MAX };
  const readUrl = env.DATABASE_READ_URL;
  return {
    primary,
    read:
      readUrl === undefined || readUrl === env.DATABASE_URL
        ? primary
        : { url: readUrl, max: env.DATABASE_READ_POOL_MAX ?? env.DATABASE_POOL_MAX },
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    separateRead: readUrl !== undefined && readUrl !== env.DATABASE_URL,
  };
}
