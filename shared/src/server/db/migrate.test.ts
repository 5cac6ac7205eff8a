import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate';
import { createTestDatabase, type TestDatabase } from './testing';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

describe('migrations', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => testDb.drop());

  it('a migrated database has nothing left to apply', async () => {
    const result = await migrate(testDb.url);
    expect(result.applied).toEqual([]);
    expect(result.alreadyApplied).toBeGreaterThanOrEqual(12);
  });

  it('a failing migration is rolled back whole and not recorded', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lh-mig-'));
    try {
      await writeFile(path.join(dir, '9001_ok.sql'), 'CREATE TABLE mig_probe_ok (id int);');
      await writeFile(
        path.join(dir, '9002_bad.sql'),
        'CREATE TABLE mig_probe_bad (id int); SELECT no_such_function();',
      );
      await expect(migrate(testDb.url, dir)).rejects.toThrow(/9002_bad\.sql/);
      const client = new pg.Client({ connectionString: testDb.url });
      await client.connect();
      try {
        const tables = await client.query(
          `SELECT to_regclass('mig_probe_ok') IS NOT NULL AS ok, to_regclass('mig_probe_bad') IS NOT NULL AS bad`,
        );
        expect(tables.rows).toEqual([{ ok: true, bad: false }]);
        const recorded = await client.query(
          `SELECT name FROM schema_migrations WHERE name LIKE '900%' ORDER BY name`,
        );
        expect(recorded.rows).toEqual([{ name: '9001_ok.sql' }]);
      } finally {
        await client.end();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('`npm run migrate` (scripts/migrate.ts) reads DATABASE_URL and says what it did', async () => {
    const { stdout } = await run('npx', ['tsx', 'scripts/migrate.ts'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: testDb.url },
    });
    expect(stdout).toMatch(/is up to date \(\d+ migrations applied earlier\)/);
  });
});
