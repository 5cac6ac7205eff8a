// Drives the real sync-server (serving a fresh PWA build) and the worker together (e2e may import every service).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { WEBHOOK_CREDENTIALS_SENTENCE } from '@linkhub/shared/url/credentials';
import { webhookPayloadSchema } from '@linkhub/shared/webhooks/events';
import { verifySignature } from '@linkhub/shared/server/webhooks/signature';
import { createTestApp, type TestApp } from '../../sync-server/src/testing/app';
import { closeWorkerDeps, createWorkerDeps, type WorkerDeps } from '../../worker/src/deps';
import { workerEnvSchema } from '../../worker/src/env';
import { webhookDeliver } from '../../worker/src/processors/webhook-deliver';
import { startWorkers, type WorkerRuntime } from '../../worker/src/runtime';
import { pwaBuildOfThisRun, CHROMIUM, CHROMIUM_ARGS } from '../pwa/harness';
import { eventually, newEmail, seriousViolations, signInInUi, signUpOverApi, watch } from '../pwa/helpers';

/**
 * Webhooks end to end, in Chromium at 390 and 1280 px: an owner adds a webhook endpoint in the
 * editor and copies its secret from the one reveal, creates a link in the editor, and a real local
 * HTTPS receiver gets a delivery correctly signed with that secret; the delivery log shows it
 * delivered, "Replay" sends the same event again (same event id, signed afresh) and "Send test
 * event" sends a test. The receiver's name resolves only for the worker (to 127.0.0.2, the one
 * address its network settings allow); the sync-server's door sees a public address.
 */
const HOOK_HOST = 'hooks.e2e.test';
const INSIDE_HOST = 'intranet.e2e.test';
const certDir = mkdtempSync(join(tmpdir(), 'e2e-webhook-tls-'));
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    join(certDir, 'key.pem'),
    '-out',
    join(certDir, 'cert.pem'),
    '-days',
    '1',
    '-subj',
    `/CN=${HOOK_HOST}`,
    '-addext',
    `subjectAltName=DNS:${HOOK_HOST}`,
  ],
  { stdio: 'ignore' },
);
const cert = readFileSync(join(certDir, 'cert.pem'), 'utf8');

type Received = { path: string; body: string; signature: string; eventId: string };
const received: Received[] = [];
let receiver: Server;
let receiverPort = 0;
let app: TestApp;
let server: ServerType;
let base = '';
let dist = '';
let outbox = '';
let worker: WorkerDeps;
let runtime: WorkerRuntime;
let browser: Browser;

beforeAll(async () => {
  receiver = createServer({ key: readFileSync(join(certDir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['linkhub-signature'] ?? ''),
        eventId: String(req.headers['linkhub-event-id'] ?? ''),
      });
      res.writeHead(200);
      res.end('ok');
    });
  });
  receiverPort = await new Promise<number>((resolve) =>
    receiver.listen(0, '127.0.0.2', () => resolve((receiver.address() as AddressInfo).port)),
  );

  outbox = await mkdtemp(join(tmpdir(), 'linkhub-outbox-webhooks-'));
  dist = await pwaBuildOfThisRun();
  app = await createTestApp(
    { OUTBOX_DIR: outbox, PWA_DIST: dist, LOG_LEVEL: 'silent' },
    // A name only DNS shows to be inside: the server's refusal, beside the field.
    // The local receiver listens on a random port, which only this test allows.
    {
      resolveHost: async (host) => (host === INSIDE_HOST ? ['10.0.0.7'] : ['93.184.216.34']),
      allowWebhookPort: (port) => port === 443 || port === receiverPort,
    },
  );
  const handle = createDb(app.database.url, { max: 1 });
  await ensureSystemDomains(handle.db, {
    linkHost: app.deps.config.LINK_HOST,
    bioHost: app.deps.config.BIO_HOST,
  });
  await handle.close();
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
  });
  base = `http://127.0.0.1:${port}`;

  worker = createWorkerDeps(
    parseEnvOrThrow(workerEnvSchema, {
      DATABASE_URL: app.database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: app.deps.config.REDIS_PREFIX,
      OUTBOX_DIR: outbox,
      AUTH_SECRET: app.deps.config.AUTH_SECRET,
      LOG_LEVEL: 'silent',
    }),
    createLogger('worker-test', { level: 'silent' }),
    {
      webhookNetwork: {
        resolveHost: async (host) => (host === HOOK_HOST ? ['127.0.0.2'] : []),
        allowAddress: (address) => address === '127.0.0.2',
        allowPort: (port) => port === receiverPort,
        ca: cert,
      },
    },
  );
  runtime = startWorkers(worker, { 'webhook-deliver': webhookDeliver });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await runtime?.close();
  if (worker) await closeWorkerDeps(worker);
  if (server) {
    if ('closeAllConnections' in server && typeof server.closeAllConnections === 'function')
      server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await app?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  await rm(outbox, { recursive: true, force: true });
  rmSync(certDir, { recursive: true, force: true });
});

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const deliveredTo = (path: string, type: string) =>
  eventually(
    async () =>
      received.filter(
        (r) => r.path === path && webhookPayloadSchema.safeParse(JSON.parse(r.body)).data?.type === type,
      ),
    (found) => found.length > 0,
  );

describe('webhooks, end to end', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`at ${viewport.width} px: add an endpoint, create a link, receive it signed, replay it from the log`, async () => {
      const email = newEmail(`hooks${viewport.width}`);
      await signUpOverApi(base, 'Hook Owner', email);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      watch(page, `webhooks-${viewport.width}`);
      await signInInUi(page, base, email);

      // Settings → Webhooks → add an endpoint; the secret is shown once.
      await page.goto(`${base}/settings`);
      await page.getByRole('link', { name: 'Manage webhooks' }).click();
      await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
      // Refusals show once each, and a newer one replaces an older one: the server's (a host inside
      // the network) beside the field only, in words; then the editor's own checks, with the server's gone.
      const form = page.getByRole('form', { name: 'Add a webhook endpoint' });
      const shownErrors = () => form.locator('.error').allInnerTexts();
      const endpointUrl = page.getByLabel('Endpoint URL');
      // An address typed without its scheme is read as https, as the other address fields do.
      await endpointUrl.fill('example.com/hook');
      await endpointUrl.blur();
      await expect(endpointUrl.inputValue()).resolves.toBe('https://example.com/hook');
      await endpointUrl.fill(`https://${INSIDE_HOST}/hook`);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await form.locator('.error').first().waitFor();
      expect(await shownErrors()).toEqual(['The destination points at a private or local network address.']);
      await endpointUrl.fill('https://user:pass@example.com/hook');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await form.getByText(WEBHOOK_CREDENTIALS_SENTENCE).waitFor();
      expect(await shownErrors()).toEqual([WEBHOOK_CREDENTIALS_SENTENCE]);
      await endpointUrl.fill('https://example.com:99999/hook');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await form.getByText('Enter a full web address', { exact: false }).waitFor();
      expect(await shownErrors()).toEqual([expect.stringMatching(/^Enter a full web address/)]);
      // A plain http:// address is a full address: the sentence names what is wrong with it.
      await endpointUrl.fill('http://example.com/hook');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await form.getByText('Use an https:// address', { exact: false }).waitFor();
      expect(await shownErrors()).toEqual(['Use an https:// address.']);
      await endpointUrl.fill('https://example.com/hook');
      await page.getByLabel('Description (optional)').fill('Orders \u202Eevil');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await form.getByText('reverses the text after it', { exact: false }).waitFor();
      expect(await shownErrors()).toEqual([expect.stringMatching(/invisible character/)]);
      await page.getByLabel('Description (optional)').fill(`Orders at ${viewport.width} px`);

      const path = `/hook/${viewport.width}`;
      await endpointUrl.fill(`https://${HOOK_HOST}:${receiverPort}${path}`);
      await page.getByLabel('Link created').check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secretBox = page.getByTestId('webhook-secret');
      await secretBox.waitFor();
      const secret = (await secretBox.textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      expect(await noOverflow(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'I have saved it' }).click();
      await secretBox.waitFor({ state: 'detached' });
      const endpoints = page.getByRole('list', { name: 'Webhook endpoints' });
      await endpoints.getByText(`…${secret.slice(-4)}`, { exact: false }).waitFor();
      await endpoints.getByText(`Orders at ${viewport.width} px`).waitFor();
      await expect(page.content()).resolves.not.toContain(secret);

      // An action in the editor: a new link.
      await page.goto(`${base}/links`);
      await page.getByRole('button', { name: 'New link' }).click();
      await page.getByLabel('Destination URL').fill(`https://shop.example/${viewport.width}`);
      await page.getByLabel('Title', { exact: true }).fill(`Hooked ${viewport.width}`);
      await page.getByRole('button', { name: 'Create link' }).click();

      // The receiver gets link.created, signed over the raw body with the secret from the reveal.
      const [first] = await deliveredTo(path, 'link.created');
      if (!first) throw new Error('no delivery');
      const now = Math.floor(Date.now() / 1000);
      expect(verifySignature(first.signature, secret, first.body, now)).toBe(true);
      expect(verifySignature(first.signature, 'whsec_wrong', first.body, now)).toBe(false);
      const event = webhookPayloadSchema.parse(JSON.parse(first.body));
      expect(first.eventId).toBe(event.id);
      expect(event.data).toMatchObject({
        destination_url: `https://shop.example/${viewport.width}`,
        title: `Hooked ${viewport.width}`,
      });

      // The delivery log: delivered; replay sends the same event again, signed afresh; a test event.
      await page.goto(`${base}/settings/webhooks`);
      await endpoints.getByRole('link', { name: 'Deliveries' }).click();
      const log = page.getByRole('list', { name: 'Deliveries' });
      await log.locator('li[data-status="succeeded"]').first().waitFor();
      await log.getByText('Link created').waitFor();
      expect(await noOverflow(page)).toBe(true);
      await log.getByRole('button', { name: 'Replay Link created' }).click();
      await page.getByText('Sent again: the delivery is queued.').waitFor();
      const replays = await eventually(
        async () => received.filter((r) => r.eventId === event.id),
        (found) => found.length === 2,
      );
      expect(
        replays.every((r) => verifySignature(r.signature, secret, r.body, Math.floor(Date.now() / 1000))),
      ).toBe(true);
      expect(replays[1]?.body).toBe(first.body);
      await page.getByRole('button', { name: 'Send test event' }).click();
      const [test] = await deliveredTo(path, 'webhook.test');
      expect(
        verifySignature(test?.signature ?? '', secret, test?.body ?? '', Math.floor(Date.now() / 1000)),
      ).toBe(true);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await log.getByText('replayed 1×', { exact: false }).waitFor();
      expect(await noOverflow(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // An email service for one page's sign-ups: a page made in the editor, then Mailchimp for it.
      await page.goto(`${base}/pages`);
      const handle = `hooks${viewport.width}${Date.now().toString(36)}`;
      await page.getByLabel('Handle').fill(handle);
      await page.getByLabel('Title', { exact: true }).fill('Hooked page');
      await page.getByRole('button', { name: 'Create page' }).click();
      await page.getByRole('heading', { name: `@${handle}` }).waitFor();
      await page.goto(`${base}/settings/webhooks`);
      const esp = page.getByRole('form', { name: 'Connect an email service' });
      await esp.getByLabel('Service').selectOption('mailchimp');
      await esp.getByLabel('Bio page').selectOption({ label: `@${handle}` });
      await esp.getByLabel('API key').fill(`${'ab'.repeat(16)}-us21`);
      await esp.getByLabel('Audience ID').fill('aud42');
      await esp.getByRole('button', { name: 'Connect' }).click();
      await esp.getByText('Connected.', { exact: false }).waitFor();
      await endpoints.getByText('https://us21.api.mailchimp.com/3.0/lists/aud42/members').waitFor();
      expect(await noOverflow(page)).toBe(true);
      await context.close();
    }, 120_000);
  }
});
