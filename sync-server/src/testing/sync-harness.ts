import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { signUpOverHttp } from './sign-up-over-http';
import { Replicache, type PullRequest, type PushRequest } from 'replicache';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { clientMutators, type ClientMutators } from '@linkhub/shared/mutators/index';

import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createApp } from '../app';
import { closeDeps, createDeps, type DepsOverrides } from '../deps';
import { createTestApp, type TestApp } from './app';

/** Test-only: a real sync-server (in-process) with real Replicache clients talking to it. */
export type SyncHarness = TestApp & {
  signUp: (name: string) => Promise<{ token: string; userId: string; workspaceId: string }>;
  addMember: (workspaceId: string, userId: string, role: 'admin' | 'editor' | 'viewer') => Promise<string>;
  client: (token: string, name?: string) => SyncClient;
  sql: <R = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<R[]>;
  /** Stop the server (requests fail like a dead process), then start a fresh one on the same database. */
  stopServer: () => Promise<void>;
  /** Every 5xx a client got: a refused mutation must never look like a server failure. */
  serverErrors: Array<{ path: string; status: number; body: unknown }>;
  startServer: () => void;
};

export type SyncClient = {
  rep: Replicache<ClientMutators>;
  /** The simulated network: false makes push and pull fail like a dropped connection. */
  network: { up: boolean };
};

export async function createSyncHarness(overrides: DepsOverrides = {}): Promise<SyncHarness> {
  const base = await createTestApp({}, overrides);
  const db = createDb(base.database.url);
  await ensureSystemDomains(db.db, {
    linkHost: base.deps.config.LINK_HOST,
    bioHost: base.deps.config.BIO_HOST,
  });
  await db.close();
  let current: { app: TestApp['app']; deps: TestApp['deps'] } | null = { app: base.app, deps: base.deps };
  const spareDeps: Array<TestApp['deps']> = [];
  const sql = async <R>(text: string, values: unknown[] = []): Promise<R[]> =>
    (await base.deps.pool.query(text, values)).rows as R[];
  const clients: SyncClient[] = [];

  const serverErrors: Array<{ path: string; status: number; body: unknown }> = [];
  const call = async (token: string, path: string, body: unknown) => {
    if (!current) return { status: 503, body: { error: 'server stopped' } as unknown };
    const response = await current.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const result = { status: response.status, body: (await response.json()) as unknown };
    if (result.status >= 500) serverErrors.push({ path, ...result });
    return result;
  };

  return {
    ...base,
    sql,
    serverErrors,
    stopServer: async () => {
      if (current && current.deps !== base.deps) await closeDeps(current.deps);
      current = null;
    },
    startServer: () => {
      const deps = createDeps(base.deps.config, { logger: createLogger('sync-server', { level: 'silent' }) });
      spareDeps.push(deps);
      current = { app: createApp(deps), deps };
    },
    signUp: async (name) => {
      const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`;
      if (!current) throw new Error('signup failed: server stopped');
      const { app } = current;
      return signUpOverHttp((path, init) => app.request(path, init), {
        email,
        password: 'correct horse battery staple 42',
        name,
      });
    },
    addMember: async (workspaceId, userId, role) => {
      const [row] = await sql<{ id: string }>(
        'INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3) RETURNING id',
        [workspaceId, userId, role],
      );
      if (!row) throw new Error('member insert failed');
      return row.id;
    },
    client: (token, name = `rep-${randomUUID()}`) => {
      const network = { up: true };
      const offline = { httpStatusCode: 0, errorMessage: 'offline' };
      const rep = new Replicache({
        name,
        mutators: clientMutators,
        pullInterval: null,
        pushDelay: 0,
        pusher: async (request: PushRequest) => {
          if (!network.up) return { httpRequestInfo: offline };
          const { status } = await call(token, '/replicache/push', request);
          return { httpRequestInfo: { httpStatusCode: status, errorMessage: '' } };
        },
        puller: async (request: PullRequest) => {
          if (!network.up) return { httpRequestInfo: offline };
          const { status, body } = await call(token, '/replicache/pull', request);
          // The pull response is the server's JSON, validated by Replicache itself.
          return status === 200
            ? { response: body as never, httpRequestInfo: { httpStatusCode: 200, errorMessage: '' } }
            : { httpRequestInfo: { httpStatusCode: status, errorMessage: JSON.stringify(body) } };
        },
      });
      const client = { rep, network };
      clients.push(client);
      return client;
    },
    close: async () => {
      await Promise.allSettled(clients.map((c) => c.rep.close()));
      await Promise.allSettled(spareDeps.map((d) => closeDeps(d)));
      await base.close();
    },
  };
}

/** Push what is pending, then pull: one full sync round as a poke would trigger it. */
export async function syncRound(client: SyncClient): Promise<void> {
  await client.rep.push({ now: true });
  await client.rep.pull({ now: true });
  // Replicache applies a pull asynchronously; a short wait lets it land before assertions read.
  await new Promise((r) => setTimeout(r, 50));
}

/** Polls until `check` holds (Replicache applies pulls asynchronously), failing with the last value seen. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  resync?: SyncClient,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await read();
      if (check(value)) return value;
      last = value;
    } catch (error) {
      // A Replicache instance still opening its store throws; that is "not yet".
      last = error instanceof Error ? error.message : error;
    }
    if (Date.now() > deadline) throw new Error(`condition not met; last value: ${JSON.stringify(last)}`);
    if (resync) await syncRound(resync).catch(() => undefined);
    else await new Promise((r) => setTimeout(r, 25));
  }
}
