import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { freeLocalPort } from '@linkhub/shared/server/net/free-port';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// A cold `tsx` start compiles the whole server: seconds on a quiet machine, far more on a loaded CI
// box. Each step waits on the process itself (its exit, its "listening" line), never on a clock; this
// limit only ends a run that hangs.
const HUNG_PROCESS_MS = 180_000;

type Server = ChildProcessByStdio<null, Readable, Readable>;

function startMain(env: Record<string, string>): Server {
  return spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exitOf(child: Server): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

/** Resolves once the server logs that it listens; rejects if it exits first. */
function listening(child: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('sync-server listening on')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`sync-server exited (${code}) before listening:\n${out}`)));
  });
}

describe('sync-server main.ts', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it(
    'refuses to start on a bad value, naming the variable',
    async () => {
      const child = startMain({ PORT: 'eighty', DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
      const { code, stderr } = await exitOf(child);
      expect(code).toBe(1);
      expect(stderr).toMatch(/invalid environment: PORT: /);
    },
    HUNG_PROCESS_MS,
  );

  it(
    'starts, answers /healthz, and exits 0 on SIGTERM',
    async () => {
      const [port, metricsPort] = [await freeLocalPort(), await freeLocalPort()];
      const child = startMain({
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        DATABASE_URL: database.url,
        REDIS_PREFIX: testRedisPrefix(),
        LOG_LEVEL: 'info',
      });
      const exited = exitOf(child);
      await listening(child);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      child.kill('SIGTERM');
      expect((await exited).code).toBe(0);
    },
    HUNG_PROCESS_MS,
  );
});
