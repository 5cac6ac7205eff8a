import pg from 'pg';
import { ensurePostgres, ensureRedis } from './lib/infra';
import { migrate } from '@linkhub/shared/server/db/migrate';
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withDatabase } from '@linkhub/shared/server/db/testing';

/** Once per `vitest run`: real PostgreSQL and Redis up, and a freshly migrated template database. */
export default async function setup(): Promise<() => Promise<void>> {
  const postgres = await ensurePostgres({ allowEmbedded: false, allowSystemStart: true });
  const redis = await ensureRedis();
  process.env.DATABASE_URL = postgres.url;
  process.env.REDIS_URL = redis.url;
  // One template per run, so several runs on one machine never trip over each other.
  const template = `linkhub_tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  process.env.LINKHUB_TEST_TEMPLATE_DB = template;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template}`);
    await migrate(withDatabase(postgres.url, template));
    // Leftovers of an interrupted earlier run.
    const stale = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE (datname LIKE 'linkhub_t_%' OR datname LIKE 'linkhub_tpl_%') AND split_part(datname, '_', 3) < $1",
      [(Date.now() - 3_600_000).toString(36)],
    );
    for (const row of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  return async () => {
    // The PWA build the e2e files shared (e2e/pwa/harness.ts).
    for (const name of await readdir(tmpdir()))
      if (name.startsWith(`linkhub-pwa-${template}-`))
        await rm(join(tmpdir(), name), { recursive: true, force: true });
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).finally(() => client.end());
    await redis.stop();
    await postgres.stop();
  };
}
