import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { build } from 'vite';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { createTestApp, type TestApp } from '../../sync-server/src/testing/app';

const REPO = join(import.meta.dirname, '..', '..');

export type BuiltStack = {
  base: string;
  /** The built files (with `.map` files beside them when built with `sourcemap`). */
  dist: string;
  test: TestApp;
  sql: <R>(text: string, values?: unknown[]) => Promise<R[]>;
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

/** `pwa/` as it is in the work tree, or as committed at `ref` (a copy that resolves this tree's node_modules). */
export function pwaRoot(ref: string | null): { root: string; cleanup: () => void } {
  if (ref === null) return { root: join(REPO, 'pwa'), cleanup: () => undefined };
  const copy = mkdtempSync(join(tmpdir(), 'linkhub-pwa-ref-'));
  const archive = execFileSync('git', ['-C', REPO, 'archive', ref, 'pwa', 'tsconfig.base.json'], {
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', copy], { input: archive });
  symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'));
  rmSync(join(copy, 'pwa', 'node_modules'), { recursive: true, force: true });
  symlinkSync(join(REPO, 'pwa', 'node_modules'), join(copy, 'pwa', 'node_modules'));
  return { root: join(copy, 'pwa'), cleanup: () => rmSync(copy, { recursive: true, force: true }) };
}

/** A production build of `root` served by a real sync-server (its own test database) on a loopback port. */
export async function serveBuilt(root: string, options: { sourcemap?: boolean } = {}): Promise<BuiltStack> {
  const dist = mkdtempSync(join(tmpdir(), 'linkhub-pwa-dist-'));
  mkdirSync(dist, { recursive: true });
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      mode: 'production',
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir: dist, emptyOutDir: true, sourcemap: options.sourcemap ?? false },
    });
  } finally {
    process.env.NODE_ENV = before;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const test = await createTestApp({
    PWA_DIST: dist,
    PUBLIC_SYNC_URL: base,
    LOG_LEVEL: 'silent',
    OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'linkhub-outbox-')),
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
  return {
    base,
    dist,
    test,
    sql: async <R>(text: string, values: unknown[] = []) =>
      (await test.deps.pool.query(text, values)).rows as R[],
    stop: async () => {
      if ('closeAllConnections' in server && typeof server.closeAllConnections === 'function')
        server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await test.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
