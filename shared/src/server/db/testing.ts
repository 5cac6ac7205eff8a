import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Name of the migrated template database the test global setup builds once per run. */
function templateDatabase(): string {
  const name = process.env.LINKHUB_TEST_TEMPLATE_DB;
  if (!name)
    throw new Error(
      'LINKHUB_TEST_TEMPLATE_DB is not set: run tests through vitest (scripts/test-global-setup.ts)',
    );
  return name;
}

export function adminUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> };

/** A fresh, fully migrated database cloned from the template: one per test file, dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `linkhub_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase()}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(adminUrl(), name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl() });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A Redis key prefix unique to one test file, so parallel files never see each other's keys. */
export function testRedisPrefix(): string {
  return `t${randomBytes(4).toString('hex')}:`;
}
