import { adminUrl, withDatabase } from '@linkhub/shared/server/db/testing';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import type { Hono } from 'hono';
import { createApp, type AppEnv } from '../../sync-server/src/app';
import { closeDeps, createDeps, type AppDeps } from '../../sync-server/src/deps';
import { syncServerEnvSchema } from '../../sync-server/src/platform/env';

const DAY_MS = 86_400_000;

/**
 * The real app in-process on a bench database kept by an earlier run (BENCH_DASHBOARD_KEEP=1), so
 * the 10 M-event seed and the cube build (several minutes) are done once: its one workspace, its
 * links, and the 90 seeded days. `close` keeps the database.
 */
export async function openKeptStack(name: string): Promise<{
  deps: AppDeps;
  app: Hono<AppEnv>;
  workspaceId: string;
  ids: string[];
  from: Date;
  to: Date;
  close: () => Promise<void>;
}> {
  if (!/^linkhub_bench_api_[0-9a-f]+$/.test(name)) throw new Error(`not a bench database: ${name}`);
  const config = parseEnvOrThrow(syncServerEnvSchema, {
    DATABASE_URL: withDatabase(adminUrl(), name),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `bench-kept-${name.slice(-8)}:`,
    LOG_LEVEL: 'silent',
    PWA_DIST: '/nonexistent-pwa-dist',
  });
  const deps = createDeps(config, { logger: createLogger('bench-dashboard', { level: 'silent' }) });
  const ws = await deps.pool.query<{ id: string }>('SELECT id FROM workspaces ORDER BY created_at LIMIT 1');
  const workspaceId = ws.rows[0]?.id;
  if (workspaceId === undefined) throw new Error('no workspace');
  const links = await deps.pool.query<{ id: string }>(
    "SELECT id FROM links WHERE workspace_id = $1 AND slug LIKE 'bench-%' ORDER BY slug",
    [workspaceId],
  );
  const first = await deps.pool.query<{ t: Date | null }>('SELECT min(occurred_at) AS t FROM click_events');
  const from = new Date(Math.floor((first.rows[0]?.t?.getTime() ?? 0) / DAY_MS) * DAY_MS);
  return {
    deps,
    app: createApp(deps),
    workspaceId,
    ids: links.rows.map((r) => r.id),
    from,
    to: new Date(from.getTime() + 90 * DAY_MS),
    close: () => closeDeps(deps),
  };
}
