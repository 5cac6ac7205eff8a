import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '@linkhub/shared/server/db/migrate';
import { adminUrl, withDatabase } from '@linkhub/shared/server/db/testing';
import { Seeder } from '../../edge/src/testing/harness';

/** A throwaway database for a redirect benchmark: migrated, with a workspace and the `hit` link (UTM source `bench`). */
export type BenchDatabase = {
  databaseUrl: string;
  /** A fresh Redis key prefix for this run. */
  prefix: string;
  pool: pg.Pool;
  seed: Seeder;
  workspaceId: string;
  domains: Awaited<ReturnType<Seeder['systemDomains']>>;
  drop(): Promise<void>;
};

export async function createBenchDatabase(): Promise<BenchDatabase> {
  const dbName = `linkhub_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const databaseUrl = withDatabase(adminUrl(), dbName);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  await migrate(databaseUrl);
  const seed = new Seeder(pool);
  const domains = await seed.systemDomains();
  const workspaceId = await seed.workspace({ name: 'Bench' });
  await seed.link(workspaceId, domains.linkDomainId, 'hit', 'https://example.com/landing', {
    utm: { source: 'bench' },
  });
  return {
    databaseUrl,
    prefix: `bench${randomBytes(3).toString('hex')}:`,
    pool,
    seed,
    workspaceId,
    domains,
    async drop() {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
