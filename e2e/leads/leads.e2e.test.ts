// Drives the real sync-server, edge and worker together (e2e may import every service).
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import type { Lead } from '@linkhub/shared/schemas/leads';
import { PASSWORD } from '../../sync-server/src/testing/accounts-kit';
import { ALL_SCOPES, startV1Kit, type Envelope, type V1Kit } from '../../sync-server/src/testing/v1-kit';
import { closeWorkerDeps, createWorkerDeps, type WorkerDeps } from '../../worker/src/deps';
import { workerEnvSchema } from '../../worker/src/env';
import { leadCapture } from '../../worker/src/processors/lead-capture';
import { startWorkers, type WorkerRuntime } from '../../worker/src/runtime';
import { createEdgeApp } from '../../edge/src/app';
import { createPgLookup, type PgLookup } from '../../edge/src/lookup/pg-lookup';
import { edgeRedis, ready, sharedGeo } from '../../edge/src/testing/harness';

/**
 * Leads end to end: a visitor signs up on a published bio page in Chromium (JavaScript off: a
 * plain form POST through the edge; JavaScript on: in place), the edge enqueues, the worker stores
 * the lead and mails the double opt-in link through a real SMTP server, the link confirms it on the
 * sync-server, the editor's session lists it, and erasure removes it.
 */
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

let kit: V1Kit;
let worker: WorkerDeps;
let runtime: WorkerRuntime;
let lookup: PgLookup;
let edge: ServerType;
let pageBase = '';
let browser: Browser;
let pageId = '';
const redis = edgeRedis();

beforeAll(async () => {
  kit = await startV1Kit();
  const prefix = kit.deps.config.REDIS_PREFIX;
  worker = createWorkerDeps(
    parseEnvOrThrow(workerEnvSchema, {
      DATABASE_URL: kit.database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: prefix,
      SMTP_URL: kit.smtp.url,
      PUBLIC_PWA_URL: 'http://app.localhost',
      LOG_LEVEL: 'silent',
    }),
    createLogger('worker-test', { level: 'silent' }),
  );
  runtime = startWorkers(worker, { 'lead-capture': leadCapture });
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
  pageBase = `http://${kit.deps.config.BIO_HOST}:${port}/prints`;

  const key = await kit.key(ALL_SCOPES);
  const created = await kit.api('POST', '/v1/pages', {
    key,
    body: {
      handle: 'prints',
      title: 'Maya Prints',
      blocks: [
        {
          type: 'email_capture',
          title: 'New prints first',
          button_label: 'Sign me up',
          consent_text: 'Send me the monthly print letter.',
          double_opt_in: true,
        },
      ],
    },
  });
  if (created.status !== 201) throw new Error(`page ${created.status}: ${await created.text()}`);
  pageId = (await kit.json<Envelope<{ id: string }>>(created)).data.id;
  const published = await kit.api('POST', `/v1/pages/${pageId}/publish`, { key });
  if (published.status !== 200) throw new Error(`publish ${published.status}: ${await published.text()}`);
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
});

/** The addresses are listed after a recent password confirmation, as the editor asks for one. */
const leadsOf = async () => {
  const confirmed = await kit.call('POST', '/api/auth/reauthenticate', {
    token: kit.owner.token,
    body: { password: PASSWORD },
  });
  if (confirmed.status !== 200) throw new Error(`reauthenticate ${confirmed.status}`);
  const listed = await kit.call('GET', `/v1/leads?workspace_id=${kit.owner.workspaceId}&page_id=${pageId}`, {
    token: kit.owner.token,
  });
  return (await kit.json<Envelope<Lead[]>>(listed)).data;
};

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

describe('sign-up on a bio page, end to end', () => {
  it('with JavaScript off: a plain form POST, the confirmation mail, the confirm link, then erasure', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const tab = await context.newPage();
    await tab.goto(pageBase);
    await tab.getByLabel('Email address').fill('Visitor@Example.com');
    await tab.getByRole('checkbox', { name: 'Send me the monthly print letter.' }).check();
    await tab.getByRole('button', { name: 'Sign me up' }).click();
    await tab.waitForURL(/\?subscribe=pending/);
    await expect(tab.getByRole('status').textContent()).resolves.toBe(
      'Check your inbox to confirm your sign-up.',
    );
    const cookies = await context.cookies();
    expect(cookies).toEqual([]);
    await context.close();

    const mail = await kit.smtp.waitFor('visitor@example.com', (m) =>
      m.subject.startsWith('Confirm your sign-up'),
    );
    expect(mail.subject).toBe('Confirm your sign-up to prints on LinkHub');
    const [pending] = await eventually(leadsOf, (l) => l.length === 1);
    expect(pending).toMatchObject({
      email: 'visitor@example.com',
      status: 'pending',
      consent_text: 'Send me the monthly print letter.',
      page_revision: expect.any(Number),
    });

    const link = /http:\/\/app\.localhost(\/api\/leads\/confirm\?token=[A-Za-z0-9_-]{43})/.exec(
      mail.text.replace(/=\r?\n/g, ''),
    );
    if (link?.[1] === undefined) throw new Error('no confirmation link in the mail');
    const ask = await kit.app.request(link[1]);
    expect(ask.status).toBe(200);
    const token = new URL(link[1], 'http://x').searchParams.get('token') ?? '';
    const confirmed = await kit.app.request('/api/leads/confirm', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    });
    expect(confirmed.status).toBe(200);
    const [lead] = await leadsOf();
    expect(lead?.status).toBe('confirmed');

    const erased = await kit.call(
      'DELETE',
      `/v1/leads/${lead?.id ?? ''}?workspace_id=${kit.owner.workspaceId}`,
      { token: kit.owner.token },
    );
    expect(erased.status).toBe(200);
    expect(
      (await kit.deps.pool.query("SELECT 1 FROM leads WHERE email = 'visitor@example.com'")).rowCount,
    ).toBe(0);
  }, 90_000);

  it('with JavaScript on: posts in place and says so in the block, without leaving the page', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const violations: string[] = [];
    tab.on('console', (m) => {
      if (m.type() === 'error') violations.push(m.text());
    });
    await tab.goto(pageBase);
    await tab.getByLabel('Email address').fill('inplace@example.com');
    await tab.getByRole('checkbox').check();
    await tab.getByRole('button', { name: 'Sign me up' }).click();
    await expect(
      tab.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor(),
    ).resolves.toBeUndefined();
    expect(tab.url()).toBe(pageBase);
    expect(violations).toEqual([]);
    await context.close();
    await eventually(leadsOf, (l) => l.some((x) => x.email === 'inplace@example.com'));
  }, 60_000);
});
