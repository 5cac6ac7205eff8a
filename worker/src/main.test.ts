import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { freeLocalPort, startEvictingRedis } from './testing';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function runMain(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    timeout: 20_000,
  });
}

describe('worker main.ts', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('refuses to start on a bad value, naming the variable', () => {
    const result = runMain({ DATABASE_URL: database.url, WORKER_CONCURRENCY: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/invalid environment: WORKER_CONCURRENCY: must be 1-64/);
  });

  it('refuses to start on a Redis that evicts keys', async () => {
    const redis = await startEvictingRedis();
    try {
      const result = runMain({
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        WORKER_HEALTH_PORT: String(await freeLocalPort()),
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('worker not started: Redis maxmemory-policy is allkeys-lru');
    } finally {
      redis.stop();
    }
  });

  it('starts, answers /healthz, and exits 0 on SIGTERM', async () => {
    const port = await freeLocalPort();
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        REDIS_PREFIX: testRedisPrefix(),
        WORKER_HEALTH_PORT: String(port),
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
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
