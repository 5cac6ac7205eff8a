import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { createTestApp, type TestApp } from '../../../sync-server/src/testing/app';
import { CHROMIUM, CHROMIUM_ARGS } from '../harness';
import { newEmail, signUpInUi, watch } from '../helpers';

/**
 * Effects that run twice, under the dev server (`npm run dev`: Vite, React StrictMode runs every effect twice):
 * accepting an invitation says the join worked, and a poll guarded by useAliveRef keeps going.
 */
const PWA_ROOT = fileURLToPath(new URL('../../../pwa/', import.meta.url));
const PROBE = fileURLToPath(new URL('./probe.tsx', import.meta.url));

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

let test: TestApp;
let api: ServerType;
let vite: ViteDevServer;
let browser: Browser;
let base: string;
beforeAll(async () => {
  const apiPort = await freePort();
  const devPort = await freePort();
  base = `http://127.0.0.1:${devPort}`;
  test = await createTestApp({ PUBLIC_SYNC_URL: base, LOG_LEVEL: 'silent' });
  const handle = createDb(test.database.url, { max: 1 });
  await ensureSystemDomains(handle.db, {
    linkHost: test.deps.config.LINK_HOST,
    bioHost: test.deps.config.BIO_HOST,
  });
  await handle.close();
  api = await new Promise((resolve) => {
    const s = serve({ fetch: test.app.fetch, port: apiPort, hostname: '127.0.0.1' }, () => resolve(s));
  });
  // vite.config.ts reads these when it loads: the dev server proxies /api and /replicache to the test app.
  process.env.PUBLIC_SYNC_URL = `http://127.0.0.1:${apiPort}`;
  process.env.PWA_PORT = String(devPort);
  vite = await createServer({
    root: PWA_ROOT,
    configFile: join(PWA_ROOT, 'vite.config.ts'),
    mode: 'development',
    logLevel: 'error',
    server: { host: '127.0.0.1', hmr: false },
  });
  await vite.listen();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await vite?.close();
  if (api && 'closeAllConnections' in api && typeof api.closeAllConnections === 'function')
    api.closeAllConnections();
  await new Promise<void>((resolve) => (api ? api.close(() => resolve()) : resolve()));
  await test?.close();
});

const sql = async <R>(text: string, values: unknown[] = []): Promise<R[]> =>
  (await test.deps.pool.query(text, values)).rows as R[];

describe('effects under StrictMode (17.10)', () => {
  it('accepting an invitation reports the join, with one membership', async () => {
    const owner = newEmail('owner');
    const invitee = newEmail('invitee');
    const ownerContext = await browser.newContext();
    const ownerPage = await ownerContext.newPage();
    watch(ownerPage, 'strict-owner');
    // The dev server transforms every module on first load: slower than the built editor.
    ownerPage.setDefaultTimeout(90_000);
    await signUpInUi(ownerPage, base, 'Owner', owner);
    await ownerContext.close();
    const context = await browser.newContext();
    const page = await context.newPage();
    watch(page, 'strict-invitee');
    page.setDefaultTimeout(90_000);
    await signUpInUi(page, base, 'Invitee', invitee);

    const [ws] = await sql<{ id: string; owner_user_id: string }>(
      'SELECT w.id, w.owner_user_id FROM workspaces w JOIN users u ON u.id = w.owner_user_id WHERE u.email = $1',
      [owner],
    );
    expect(ws).toBeDefined();
    const token = `lhi_${randomBytes(24).toString('hex')}`;
    await sql(
      'INSERT INTO workspace_invitations (workspace_id, email, role, token_hash, invited_by_user_id, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [
        ws?.id,
        invitee,
        'editor',
        createHash('sha256').update(token).digest('hex'),
        ws?.owner_user_id,
        new Date(Date.now() + 86_400_000),
      ],
    );

    const accepts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/invitations/accept')) accepts.push(r.method());
    });
    await page.goto(`${base}/invitations/accept?token=${token}`);
    await page
      .getByRole('status')
      .filter({ hasText: /^You joined .+ as editor\.$/ })
      .waitFor();
    await page.waitForTimeout(500);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /^You joined .+ as editor\.$/ })
        .isVisible(),
    ).resolves.toBe(true);
    expect(accepts).toEqual(['POST']);
    const members = await sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND u.email = $2',
      [ws?.id, invitee],
    );
    expect(members[0]?.n).toBe(1);
    await context.close();
  }, 180_000);

  it('a poll guarded by useAliveRef keeps polling after StrictMode remounts it', async () => {
    const page = await browser.newPage();
    watch(page, 'strict-probe');
    await page.goto(`${base}/`);
    // A string, so vitest does not rewrite the browser's import().
    await page.evaluate(`import(${JSON.stringify(`/@fs${PROBE}`)}).then((probe) => probe.mountProbe())`);
    await page.locator('#ticks', { hasText: '3' }).waitFor({ timeout: 15_000 });
    await page.close();
  }, 120_000);
});
