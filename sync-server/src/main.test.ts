import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@linkhub/shared/db/testing';
import { closedPortUrl } from './testing';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('sync-server main.ts', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('refuses to start on a bad value, naming the variable', () => {
    const result = spawnSync('npx', ['tsx', MAIN], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/invalid environment: PORT: /);
  });

  it('starts, answers /healthz, and exits 0 on SIGTERM', async () => {
    const port = Number(new URL(await closedPortUrl('postgres')).port);
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: database.url,
        REDIS_PREFIX: testRedisPrefix(),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let status = 0;
    for (let attempt = 0; attempt < 80 && status !== 200; attempt++) {
      status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
