import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { createTestApp, type TestApp } from '../../sync-server/src/testing/app';

/**
 * The editor end to end: a fresh `vite build` of the PWA served by a real sync-server (real
 * PostgreSQL and Redis) on a loopback port, and Debian's Chromium driven by playwright-core.
 */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// PWA_E2E_ROOT: build another copy of pwa/ (e.g. a snapshot of a commit while the tree is mid-edit).
const PWA_ROOT = process.env.PWA_E2E_ROOT ?? fileURLToPath(new URL('../../pwa/', import.meta.url));

export type PwaHarness = TestApp & {
  base: string;
  dist: string;
  /** Where the dev outbox writes the mails of this run. */
  outbox: string;
  browser: Browser;
  sql: <R = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<R[]>;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Builds the PWA into a temp folder (the same config as `npm run build -w pwa`). */
export async function buildPwa(outDir: string): Promise<void> {
  // vitest sets NODE_ENV=test, which would make vite bundle React's development build.
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: PWA_ROOT,
      mode: 'production',
      configFile: join(PWA_ROOT, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = before;
  }
}

/** Where one test run keeps its PWA build; the global setup removes it when the run ends. */
export function sharedPwaDist(runId: string): string {
  const root = createHash('sha256').update(PWA_ROOT).digest('hex').slice(0, 8);
  return join(tmpdir(), `linkhub-pwa-${runId}-${root}`);
}

/**
 * The PWA built once per test run and read by every e2e file of it (a build is read-only once made;
 * building it per file cost 28 builds a run). Two workers arriving together may both build; the
 * first rename wins and the other build is dropped.
 */
export async function pwaBuildOfThisRun(): Promise<string> {
  const runId = process.env.LINKHUB_TEST_TEMPLATE_DB;
  if (runId === undefined) {
    const dist = await mkdtemp(join(tmpdir(), 'linkhub-pwa-'));
    await buildPwa(dist);
    return dist;
  }
  const dist = sharedPwaDist(runId);
  if (existsSync(join(dist, 'index.html'))) return dist;
  const staging = await mkdtemp(`${dist}-staging-`);
  await buildPwa(staging);
  try {
    await rename(staging, dist);
  } catch {
    await rm(staging, { recursive: true, force: true });
  }
  return dist;
}

/** `env`: extra sync-server settings (the billing e2e points STRIPE_* at a local Stripe). */
export async function startPwaHarness(env: Record<string, string> = {}): Promise<PwaHarness> {
  const dist = await pwaBuildOfThisRun();
  const ownBuild = process.env.LINKHUB_TEST_TEMPLATE_DB === undefined;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const outbox = await mkdtemp(join(tmpdir(), 'linkhub-outbox-'));
  const test = await createTestApp({
    OUTBOX_DIR: outbox,
    PWA_DIST: dist,
    PUBLIC_SYNC_URL: base,
    PUBLIC_PWA_URL: base,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const handle = createDb(test.database.url, { max: 1 });
  await ensureSystemDomains(handle.db, {
    linkHost: test.deps.config.LINK_HOST,
    bioHost: test.deps.config.BIO_HOST,
  });
  await handle.close();
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: test.app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const sql = async <R>(text: string, values: unknown[] = []): Promise<R[]> =>
    (await test.deps.pool.query(text, values)).rows as R[];
  return {
    ...test,
    base,
    dist,
    outbox,
    browser,
    sql,
    stop: async () => {
      await browser.close();
      // SSE pokes keep connections open: close them so the server can stop.
      if ('closeAllConnections' in server && typeof server.closeAllConnections === 'function')
        server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await test.close();
      if (ownBuild) await rm(dist, { recursive: true, force: true });
      await rm(outbox, { recursive: true, force: true });
    },
  };
}
