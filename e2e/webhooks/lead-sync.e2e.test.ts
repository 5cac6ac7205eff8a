// Drives the real sync-server, edge and worker together (e2e may import every service).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import type { Lead } from '@linkhub/shared/schemas/leads';
import { webhookPayloadSchema } from '@linkhub/shared/webhooks/events';
import type { WebhookEndpointCreated } from '@linkhub/shared/webhooks/schemas';
import { verifySignature } from '@linkhub/shared/server/webhooks/signature';
import { PASSWORD } from '../../sync-server/src/testing/accounts-kit';
import {
  ALL_SCOPES,
  startV1Kit,
  type Envelope,
  type ErrorBody,
  type V1Kit,
} from '../../sync-server/src/testing/v1-kit';
import { closeWorkerDeps, createWorkerDeps, type WorkerDeps } from '../../worker/src/deps';
import { workerEnvSchema } from '../../worker/src/env';
import { exportJob } from '../../worker/src/processors/export';
import { leadCapture } from '../../worker/src/processors/lead-capture';
import { webhookDeliver } from '../../worker/src/processors/webhook-deliver';
import { startWorkers, type WorkerRuntime } from '../../worker/src/runtime';
import { createEdgeApp } from '../../edge/src/app';
import { createPgLookup, type PgLookup } from '../../edge/src/lookup/pg-lookup';
import { edgeRedis, ready, sharedGeo } from '../../edge/src/testing/harness';

/**
 * Lead sync end to end: a visitor subscribes on a bio page in Chromium (JavaScript off,
 * double opt-in), the owner's webhook receives `lead.created` signed with the endpoint's secret, the
 * confirmation link confirms it and the webhook receives `lead.confirmed` while the page's Mailchimp
 * adapter subscribes the address at a local server answering Mailchimp's documented API; the owner
 * sees the lead, exports it (the CSV holds it, `export.finished` arrives signed); an endpoint at an
 * internal address is refused. The receiver and "Mailchimp" listen on 127.0.0.X:443 (their public
 * names resolve there for the worker only, the one address its network settings allow).
 */
const HOOK_HOST = 'hooks.lead-sync.test';
const MAILCHIMP_HOST = 'us21.api.mailchimp.com';
const MAILCHIMP_KEY = `${'0123456789abcdef'.repeat(2)}-us21`;
const LOCAL = `127.0.0.${10 + Math.floor(Math.random() * 200)}`;
const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP bio.localhost 127.0.0.1',
];

const dir = mkdtempSync(join(tmpdir(), 'lead-sync-'));
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
    '-days',
    '1',
    '-subj',
    `/CN=${HOOK_HOST}`,
    '-addext',
    `subjectAltName=DNS:${HOOK_HOST},DNS:${MAILCHIMP_HOST}`,
  ],
  { stdio: 'ignore' },
);
const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');

type Hook = { body: string; signature: string };
const hooks: Hook[] = [];
const mailchimpMembers = new Map<string, { email: string; status: string }>();
let https: Server;
let kit: V1Kit;
let worker: WorkerDeps;
let runtime: WorkerRuntime;
let lookup: PgLookup;
let edge: ServerType;
let browser: Browser;
let pageBase = '';
let pageId = '';
const redis = edgeRedis();

beforeAll(async () => {
  https = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.headers.host === HOOK_HOST) {
        hooks.push({ body, signature: String(req.headers['linkhub-signature'] ?? '') });
        res.writeHead(204);
        return res.end();
      }
      // Mailchimp Marketing API 3.0: PUT /3.0/lists/{list_id}/members/{md5 of the lower-case address}.
      const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      const match = /^\/3\.0\/lists\/list42\/members\/([0-9a-f]{32})$/.exec(req.url ?? '');
      res.setHeader('Content-Type', 'application/json');
      if (auth.split(':')[1] !== MAILCHIMP_KEY) {
        res.writeHead(401);
        return res.end(JSON.stringify({ title: 'API Key Invalid', status: 401 }));
      }
      const input = JSON.parse(body) as { email_address: string; status_if_new: string };
      if (
        req.method !== 'PUT' ||
        !match ||
        createHash('md5').update(input.email_address).digest('hex') !== match[1]
      ) {
        res.writeHead(400);
        return res.end(JSON.stringify({ title: 'Invalid Resource', status: 400 }));
      }
      mailchimpMembers.set(match[1] ?? '', { email: input.email_address, status: input.status_if_new });
      res.writeHead(200);
      res.end(
        JSON.stringify({ id: match[1], email_address: input.email_address, status: input.status_if_new }),
      );
    });
  });
  await new Promise<void>((resolve) => https.listen(443, LOCAL, resolve));

  kit = await startV1Kit({ artifacts: createLocalArtifactStore(join(dir, 'artifacts')) });
  const prefix = kit.deps.config.REDIS_PREFIX;
  worker = createWorkerDeps(
    parseEnvOrThrow(workerEnvSchema, {
      DATABASE_URL: kit.database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: prefix,
      SMTP_URL: kit.smtp.url,
      PUBLIC_PWA_URL: 'http://app.localhost',
      AUTH_SECRET: kit.deps.config.AUTH_SECRET,
      ARTIFACT_DIR: join(dir, 'artifacts'),
      LOG_LEVEL: 'silent',
    }),
    createLogger('worker-test', { level: 'silent' }),
    {
      webhookNetwork: {
        resolveHost: async (host) => (host === HOOK_HOST || host === MAILCHIMP_HOST ? [LOCAL] : []),
        allowAddress: (address) => address === LOCAL,
        ca: cert,
      },
    },
  );
  runtime = startWorkers(worker, {
    'lead-capture': leadCapture,
    'webhook-deliver': webhookDeliver,
    export: exportJob,
  });
  await ready(redis);
  lookup = createPgLookup({ connectionString: kit.database.url, max: 3 });
  const app = createEdgeApp({
    redis,
    redisPrefix: prefix,
    pg: lookup,
    linkHost: kit.deps.config.LINK_HOST,
    bioHost: kit.deps.config.BIO_HOST,
    trustedProxies: parseTrustedProxies(''),
    geo: await sharedGeo(),
    capture: false,
    logger: createLogger('edge-test', { level: 'silent' }),
  });
  const port = await new Promise<number>((resolve) => {
    edge = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port));
  });
  pageBase = `http://${kit.deps.config.BIO_HOST}:${port}/studio`;

  const key = await kit.key(ALL_SCOPES);
  const created = await kit.api('POST', '/v1/pages', {
    key,
    body: {
      handle: 'studio',
      title: 'Ada Studio',
      blocks: [
        {
          type: 'email_capture',
          title: 'Studio letters',
          button_label: 'Subscribe',
          consent_text: 'Send me the studio letter.',
          double_opt_in: true,
        },
      ],
    },
  });
  pageId = (await kit.json<Envelope<{ id: string }>>(created)).data.id;
  expect((await kit.api('POST', `/v1/pages/${pageId}/publish`, { key })).status).toBe(200);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => edge?.close(resolve));
  await runtime?.close();
  if (worker) await closeWorkerDeps(worker);
  await lookup?.close();
  redis.disconnect();
  await kit?.stop();
  await new Promise((resolve) => https?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const ws = () => `workspace_id=${kit?.owner.workspaceId ?? ''}`;
async function eventually<T>(read: () => Promise<T> | T, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}
const hookOf = (type: string) =>
  eventually(
    () => hooks.find((h) => webhookPayloadSchema.parse(JSON.parse(h.body)).type === type),
    (h) => h !== undefined,
  );

describe('a sign-up reaches the owner, a signed webhook and Mailchimp', () => {
  it('subscribe → lead.created → confirm → lead.confirmed and Mailchimp → the owner sees and exports it', async () => {
    const owner = { token: kit.owner.token };
    // The owner's endpoint (lead events need the dashboard session) and the page's Mailchimp adapter.
    const made = await kit.call('POST', `/v1/webhooks?${ws()}`, {
      ...owner,
      body: {
        kind: 'webhook',
        url: `https://${HOOK_HOST}/linkhub`,
        events: ['lead.created', 'lead.confirmed', 'export.finished'],
      },
    });
    expect(made.status).toBe(201);
    const secret = (await kit.json<Envelope<WebhookEndpointCreated>>(made)).data.secret ?? '';
    const esp = await kit.call('POST', `/v1/webhooks?${ws()}`, {
      ...owner,
      body: { kind: 'mailchimp', page_id: pageId, api_key: MAILCHIMP_KEY, list_id: 'list42' },
    });
    expect(esp.status).toBe(201);
    // Bad endpoints can't reach internal addresses.
    for (const url of [
      'https://169.254.169.254/latest',
      'https://intranet.example.com/x',
      'https://localhost/x',
    ])
      expect([400, 422], url).toContain(
        (
          await kit.call('POST', `/v1/webhooks?${ws()}`, {
            ...owner,
            body: { kind: 'webhook', url, events: ['lead.created'] },
          })
        ).status,
      );

    // A visitor subscribes with JavaScript off.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const tab = await context.newPage();
    await tab.goto(pageBase);
    await tab.getByLabel('Email address').fill('Reader@Example.com');
    await tab.getByRole('checkbox', { name: 'Send me the studio letter.' }).check();
    await tab.getByRole('button', { name: 'Subscribe' }).click();
    await tab.waitForURL(/\?subscribe=pending/);
    await context.close();

    const created = await hookOf('lead.created');
    const now = () => Math.floor(Date.now() / 1000);
    expect(verifySignature(created?.signature ?? '', secret, created?.body ?? '', now())).toBe(true);
    expect(webhookPayloadSchema.parse(JSON.parse(created?.body ?? '')).data).toMatchObject({
      email: 'reader@example.com',
      status: 'pending',
      consent_text: 'Send me the studio letter.',
    });
    expect(mailchimpMembers.size).toBe(0);

    // Double opt-in: the mailed link confirms; the webhook and Mailchimp get the confirmed address.
    const mail = await kit.smtp.waitFor('reader@example.com', (m) =>
      m.subject.startsWith('Confirm your sign-up'),
    );
    const token = /confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text.replace(/=\r?\n/g, ''))?.[1] ?? '';
    const confirmed = await kit.app.request('/api/leads/confirm', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    });
    expect(confirmed.status).toBe(200);
    const confirmation = await hookOf('lead.confirmed');
    expect(verifySignature(confirmation?.signature ?? '', secret, confirmation?.body ?? '', now())).toBe(
      true,
    );
    await eventually(
      () => mailchimpMembers.get(createHash('md5').update('reader@example.com').digest('hex')),
      (m) => m !== undefined,
    );
    expect([...mailchimpMembers.values()]).toEqual([{ email: 'reader@example.com', status: 'subscribed' }]);

    // The owner confirms their password (the addresses and their export ask for it), sees the lead and exports it.
    const stepUp = await kit.call('POST', '/api/auth/reauthenticate', {
      ...owner,
      body: { password: PASSWORD },
    });
    expect(stepUp.status).toBe(200);
    const leads = await kit.json<Envelope<Lead[]>>(await kit.call('GET', `/v1/leads?${ws()}`, owner));
    expect(leads.data.map((l) => [l.email, l.status])).toEqual([['reader@example.com', 'confirmed']]);
    const started = await kit.call('POST', '/v1/leads/exports', {
      ...owner,
      body: { workspace_id: kit.owner.workspaceId, page_id: pageId },
    });
    expect(started.status, await started.clone().text()).toBe(202);
    const exportId = (await kit.json<Envelope<{ id: string }>>(started)).data.id;
    await eventually(
      async () =>
        (
          await kit.json<Envelope<{ status: string }>>(
            await kit.call('GET', `/v1/leads/exports/${exportId}?${ws()}`, owner),
          )
        ).data.status,
      (s) => s === 'succeeded',
    );
    const csv = await (await kit.call('GET', `/v1/leads/exports/${exportId}/download?${ws()}`, owner)).text();
    expect(csv).toContain('reader@example.com');
    const finished = await hookOf('export.finished');
    expect(verifySignature(finished?.signature ?? '', secret, finished?.body ?? '', now())).toBe(true);
    expect(webhookPayloadSchema.parse(JSON.parse(finished?.body ?? '')).data).toMatchObject({ id: exportId });

    // An API key cannot subscribe to leads' addresses.
    const key = await kit.key(['webhooks:write']);
    const byKey = await kit.api('POST', '/v1/webhooks', {
      key,
      body: { kind: 'webhook', url: `https://${HOOK_HOST}/other`, events: ['lead.created'] },
    });
    expect((await kit.json<ErrorBody>(byKey)).error.code).toBe('action_not_available_to_api_key');
  }, 120_000);
});
