import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { migrate } from '@linkhub/shared/server/db/migrate';
import { adminUrl, withDatabase } from '@linkhub/shared/server/db/testing';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import type { Hono } from 'hono';
import { createApp, type AppEnv } from '../../sync-server/src/app';
import { closeDeps, createDeps, type AppDeps } from '../../sync-server/src/deps';
import { syncServerEnvSchema } from '../../sync-server/src/platform/env';
import { insertApiKey } from '../../sync-server/src/identity/api-keys';
import type { ResolveHost } from '../../sync-server/src/kernel/destination-safety';
import { withTransaction } from '@linkhub/shared/server/db/sql';

export type BenchStack = {
  url: string;
  deps: AppDeps;
  app: Hono<AppEnv>;
  workspaceId: string;
  userId: string;
  keys: string[];
  /** Another business-plan workspace of the same user, empty, with one key. */
  freshWorkspace: () => Promise<{ workspaceId: string; key: string }>;
  close: () => Promise<void>;
};

/**
 * A freshly migrated throwaway database, a private Redis prefix on the real Redis, the real
 * sync-server app (in-process) and a business-plan workspace with `keyCount` API keys. `close` drops
 * the database and the prefix's keys.
 */
export async function startBenchStack(
  keyCount: number,
  options: { resolveHost?: ResolveHost; scopes?: readonly string[] } = {},
): Promise<BenchStack> {
  const name = `linkhub_bench_api_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = withDatabase(adminUrl(), name);
  const prefix = `bench-api-${randomBytes(3).toString('hex')}:`;
  const config = parseEnvOrThrow(syncServerEnvSchema, {
    DATABASE_URL: url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    PWA_DIST: '/nonexistent-pwa-dist',
  });
  // Loopback only: no outside DNS. Every destination host is a public address.
  const resolveHost = options.resolveHost ?? (async () => ['93.184.216.34']);
  const deps = createDeps(config, { logger: createLogger('bench-api', { level: 'silent' }), resolveHost });
  const close = async (): Promise<void> => {
    const stale = await deps.redis.keys(`${prefix}*`).catch(() => [] as string[]);
    for (let i = 0; i < stale.length; i += 500)
      await deps.redis.del(...stale.slice(i, i + 500)).catch(() => 0);
    await closeDeps(deps);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    await migrate(url);
    const db = createDb(url);
    await ensureSystemDomains(db.db, { linkHost: config.LINK_HOST, bioHost: config.BIO_HOST });
    const user = await insertUser(db.db, { email: 'bench@example.com', emailVerified: true });
    const { workspace, owner } = await insertWorkspace(db.db, { ownerUserId: user.id, plan: 'business' });
    await db.close();
    const keyFor = async (workspaceId: string, memberId: string, name: string): Promise<string> =>
      (
        await withTransaction(deps.pool, (tx) =>
          insertApiKey(tx, {
            workspaceId,
            userId: user.id,
            memberId,
            name,
            scopes: [...(options.scopes ?? ['links:read', 'links:write'])],
            expiresAt: null,
          }),
        )
      ).key;
    const keys: string[] = [];
    for (let i = 0; i < keyCount; i += 1) keys.push(await keyFor(workspace.id, owner.id, `bench ${i}`));
    const freshWorkspace = async (): Promise<{ workspaceId: string; key: string }> => {
      const other = createDb(url);
      try {
        const created = await insertWorkspace(other.db, { ownerUserId: user.id, plan: 'business' });
        return {
          workspaceId: created.workspace.id,
          key: await keyFor(created.workspace.id, created.owner.id, 'bench import'),
        };
      } finally {
        await other.close();
      }
    };
    return {
      url,
      deps,
      app: createApp(deps),
      workspaceId: workspace.id,
      userId: user.id,
      keys,
      freshWorkspace,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
