import net from 'node:net';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import type { Hono } from 'hono';
import { createApp } from '../app';
import type { AppEnv } from '../http/app-env';
import { closeDeps, createDeps, type AppDeps, type DepsOverrides } from '../deps';
import { syncServerEnvSchema } from '../platform/env';

export type TestApp = {
  app: Hono<AppEnv>;
  deps: AppDeps;
  database: TestDatabase;
  close: () => Promise<void>;
};

/**
 * For tests: a fresh migrated database, a private Redis key prefix, real deps and the real app.
 * `env` overrides any variable (e.g. `{ REDIS_URL: await closedPortUrl('redis') }`); `overrides`
 * replaces a service of the composition root (a DNS stand-in, a private artifact store).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: DepsOverrides = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = parseEnvOrThrow(syncServerEnvSchema, {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: testRedisPrefix(),
    PWA_DIST: '/nonexistent-pwa-dist',
    LOG_LEVEL: 'silent',
    // Every in-process request shares one unknown network: a test that means the limit sets it lower.
    AUTH_MAIL_REQUESTS_PER_MINUTE: '100000',
    // Tests were written against a Free start; a test of the operator default sets its own (D-511).
    DEFAULT_PLAN: 'free',
    ...env,
  });
  const deps = createDeps(config, {
    logger: createLogger('sync-server', { level: config.LOG_LEVEL }),
    ...overrides,
  });
  return {
    app: createApp(deps),
    deps,
    database,
    close: async () => {
      await closeDeps(deps);
      await database.drop();
    },
  };
}

/** A URL on a local port nothing listens on, to simulate an unreachable dependency. */
export async function closedPortUrl(scheme: 'redis' | 'postgres'): Promise<string> {
  const port = await new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const found = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(found));
    });
  });
  return scheme === 'redis' ? `redis://127.0.0.1:${port}` : `postgres://postgres@127.0.0.1:${port}/postgres`;
}
