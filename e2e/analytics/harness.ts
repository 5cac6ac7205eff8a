import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toBatchStreamFields, type AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { createDb } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { ensureSystemDomains } from '@linkhub/shared/server/db/system-domains';
import { createTestApp, type TestApp } from '../../sync-server/src/testing/app';
import type { ResolveHost } from '../../sync-server/src/kernel/destination-safety';
import { createSession } from '../../sync-server/src/identity/sessions';
import { insertApiKey } from '../../sync-server/src/identity/api-keys';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { createIngestConsumer, type IngestConsumer } from '../../worker/src/ingest/consumer';

/**
 * The analytics pipeline in one process: the real sync-server app (in-process requests) and the
 * worker's real ingest consumer, both on one fresh database and one private Redis prefix.
 */
export type Harness = TestApp & {
  ingest: IngestConsumer;
  prefix: string;
  workspaceId: string;
  userId: string;
  session: string;
  apiKey: string;
  resources: { link: string; qr: string; page: string };
  xadd: (events: readonly AnalyticsEvent[]) => Promise<string[]>;
  /** Reads and handles every entry waiting on the stream. */
  drain: () => Promise<number>;
  get: <T>(path: string, auth?: 'session' | 'key') => Promise<{ status: number; body: T }>;
  stop: () => Promise<void>;
};

export async function startHarness(
  opts: { plan?: 'free' | 'pro' | 'business'; timeZone?: string; resolveHost?: ResolveHost } = {},
): Promise<Harness> {
  const artifacts = await mkdtemp(join(tmpdir(), 'linkhub-analytics-'));
  const test = await createTestApp(
    { ARTIFACT_DIR: artifacts },
    opts.resolveHost ? { resolveHost: opts.resolveHost } : {},
  );
  const prefix = test.deps.config.REDIS_PREFIX;
  const handle = createDb(test.database.url, { max: 2 });
  const user = await insertUser(handle.db, { email: `owner-${Date.now()}@example.test` });
  const { workspace, owner } = await insertWorkspace(handle.db, {
    ownerUserId: user.id,
    plan: opts.plan ?? 'business',
  });
  await handle.close();
  const pool = test.deps.pool;
  if (opts.timeZone)
    await pool.query('UPDATE workspaces SET time_zone = $2 WHERE id = $1', [workspace.id, opts.timeZone]);
  const domains = await ensureSystemDomainsOn(test.database.url);
  const one = async (sql: string, params: unknown[]): Promise<string> => {
    const res = await pool.query<{ id: string }>(sql, params);
    const id = res.rows[0]?.id;
    if (!id) throw new Error(`no row from ${sql}`);
    return id;
  };
  const link = await one(
    `INSERT INTO links (workspace_id, domain_id, slug, destination_url, title) VALUES ($1, $2, 'spring', 'https://example.com/', 'Spring sale') RETURNING id`,
    [workspace.id, domains.linkDomainId],
  );
  const qr = await one(
    `INSERT INTO qr_codes (workspace_id, domain_id, slug, destination_url, title) VALUES ($1, $2, 'menu', 'https://example.com/menu', 'Table menu') RETURNING id`,
    [workspace.id, domains.linkDomainId],
  );
  const page = await one(
    `INSERT INTO bio_pages (workspace_id, domain_id, handle, title) VALUES ($1, $2, 'maya', 'Maya') RETURNING id`,
    [workspace.id, domains.bioDomainId],
  );
  const { token } = await createSession(pool, {
    userId: user.id,
    clientKind: 'web',
    clientLabel: null,
    twoFactorSatisfied: false,
  });
  const { key } = await withTransaction(pool, (tx) =>
    insertApiKey(tx, {
      workspaceId: workspace.id,
      userId: user.id,
      memberId: owner.id,
      name: 'analytics',
      scopes: ['analytics:read'],
      expiresAt: null,
    }),
  );
  const ingest = createIngestConsumer(
    { pool, redis: test.deps.redis, logger: test.deps.logger, prefix },
    { consumerName: 'harness', blockMs: 50 },
  );
  await ingest.ensureGroup();
  const stream = clicksStreamKey(prefix);
  return {
    ...test,
    ingest,
    prefix,
    workspaceId: workspace.id,
    userId: user.id,
    session: token,
    apiKey: key,
    resources: { link, qr, page },
    xadd: async (events) => {
      const ids: string[] = [];
      for (const e of events) {
        const id = await test.deps.redis.xadd(stream, '*', ...toBatchStreamFields([e]));
        if (id !== null) ids.push(id);
      }
      return ids;
    },
    drain: async () => {
      let n = 0;
      for (;;) {
        const batch = await ingest.readNew();
        if (batch.length === 0) {
          await ingest.idle();
          return n;
        }
        await ingest.handle(batch);
        n += batch.length;
      }
    },
    get: async <T>(path: string, auth: 'session' | 'key' = 'session') => {
      const sep = path.includes('?') ? '&' : '?';
      const url = auth === 'session' ? `${path}${sep}workspace_id=${workspace.id}` : path;
      const res = await test.app.request(url, {
        headers: { Authorization: `Bearer ${auth === 'session' ? token : key}` },
      });
      return { status: res.status, body: (await res.json()) as T }; // test-only: the test asserts the shape
    },
    stop: async () => {
      await ingest.stop();
      await test.close();
      await rm(artifacts, { recursive: true, force: true });
    },
  };
}

async function ensureSystemDomainsOn(url: string) {
  const handle = createDb(url, { max: 1 });
  try {
    return await ensureSystemDomains(handle.db);
  } finally {
    await handle.close();
  }
}
