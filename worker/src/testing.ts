import { startRedisServer, type PrivateRedis as PolicyRedis } from '@linkhub/shared/server/health/testing';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { closeWorkerDeps, createWorkerDeps, type WorkerDeps } from './deps';
import { workerEnvSchema } from './env';
import { freeLocalPort } from '@linkhub/shared/server/net/free-port';

export type TestWorkerDeps = { deps: WorkerDeps; database: TestDatabase; close: () => Promise<void> };

/** For tests: real deps on a fresh migrated database and a private Redis/BullMQ prefix. */
export async function createTestWorkerDeps(
  env: Record<string, string> = {},
  overrides: Parameters<typeof createWorkerDeps>[2] = {},
): Promise<TestWorkerDeps> {
  const database = await createTestDatabase();
  const config = parseEnvOrThrow(workerEnvSchema, {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: testRedisPrefix(),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const deps = createWorkerDeps(config, createLogger('worker', { level: config.LOG_LEVEL }), overrides);
  return {
    deps,
    database,
    close: async () => {
      await closeWorkerDeps(deps);
      await database.drop();
    },
  };
}

export { freeLocalPort };

export type PrivateRedis = {
  readonly port: number;
  readonly url: string;
  /** Kills it (SIGKILL) and starts a new one on the same port with no data, as a Redis without persistence comes back. */
  restartEmpty: () => Promise<void>;
  /** Kills it, runs `whileDown` with no Redis listening, then starts it again empty on the same port. */
  outage: (whileDown: () => Promise<void>) => Promise<void>;
  stop: () => void;
};

/** A private redis-server without persistence on a free port, for tests that stop or restart it. */
export async function startPrivateRedis(extraArgs: readonly string[] = []): Promise<PrivateRedis> {
  const { spawn } = await import('node:child_process');
  const { Redis } = await import('ioredis');
  const port = await freeLocalPort();
  const launch = async () => {
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs],
      { stdio: 'ignore' },
    );
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    const probe = new Redis(port, '127.0.0.1', {
      retryStrategy: (times) => (times > 60 ? null : 100),
      lazyConnect: true,
    });
    probe.on('error', () => undefined);
    await probe.connect().catch(() => undefined);
    await probe.ping();
    probe.disconnect();
    return { server, exited };
  };
  let current = await launch();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    restartEmpty: async () => {
      current.server.kill('SIGKILL');
      await current.exited;
      current = await launch();
    },
    outage: async (whileDown) => {
      current.server.kill('SIGKILL');
      await current.exited;
      try {
        await whileDown();
      } finally {
        current = await launch();
      }
    },
    stop: () => {
      current.server.kill('SIGKILL');
    },
  };
}

/** A private redis-server with an evicting policy, so the shared Redis is never reconfigured. */
export function startEvictingRedis(): Promise<PolicyRedis> {
  return startRedisServer('allkeys-lru');
}
