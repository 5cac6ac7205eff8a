import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { ensureSystemDomains } from '@linkhub/shared/server/db/system-domains';
import { recordLeadEvent } from '@linkhub/shared/server/webhooks/lead-events';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { deliverWebhook } from '../processors/webhook-deliver';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';

/**
 * ESP sync: the Mailchimp and ConvertKit adapters against local HTTPS servers that answer
 * as those APIs document (Mailchimp 3.0 "add or update list member" with HTTP Basic and the MD5
 * subscriber hash; ConvertKit v3 "add subscriber to a form" with the key in the body, 401 JSON
 * errors for a bad key), through the same delivery path as webhooks: a refused key is a failed
 * delivery retried and dead-lettered like any other.
 */
const MAILCHIMP_KEY = `${'0123456789abcdef'.repeat(2)}-us21`;
const CONVERTKIT_KEY = 'ck_api_key_0123456789';
const certDir = mkdtempSync(join(tmpdir(), 'esp-tls-'));
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
    '/CN=esp.test',
    '-addext',
    'subjectAltName=DNS:us21.api.mailchimp.com,DNS:api.convertkit.com',
  ],
  { stdio: 'ignore' },
);
const cert = readFileSync(join(certDir, 'cert.pem'), 'utf8');

type Member = { list: string; email: string; status: string };
const mailchimpMembers = new Map<string, Member>();
const convertKitSubscribers = new Map<string, string[]>();

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Mailchimp Marketing API 3.0, the parts the adapter uses. */
function mailchimp(req: IncomingMessage, body: string, res: ServerResponse): void {
  const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
  if (auth.split(':')[1] !== MAILCHIMP_KEY)
    return json(res, 401, {
      type: 'https://mailchimp.com/developer/marketing/docs/errors/',
      title: 'API Key Invalid',
      status: 401,
      detail: 'Your API key may be invalid, or you’ve attempted to access the wrong datacenter.',
    });
  const match = /^\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})$/.exec(req.url ?? '');
  if (req.method !== 'PUT' || !match)
    return json(res, 404, {
      title: 'Resource Not Found',
      status: 404,
      detail: 'The requested resource could not be found.',
    });
  const input = JSON.parse(body) as { email_address?: string; status_if_new?: string };
  const email = input.email_address ?? '';
  if (createHash('md5').update(email.toLowerCase()).digest('hex') !== match[2])
    return json(res, 400, {
      title: 'Invalid Resource',
      status: 400,
      detail: 'The subscriber hash does not match.',
    });
  const existing = mailchimpMembers.get(match[2] ?? '');
  const member = existing ?? { list: match[1] ?? '', email, status: input.status_if_new ?? 'pending' };
  mailchimpMembers.set(match[2] ?? '', member);
  json(res, 200, { id: match[2], email_address: email, status: member.status, list_id: match[1] });
}

/** ConvertKit API v3, `POST /v3/forms/{id}/subscribe`. */
function convertKit(req: IncomingMessage, body: string, res: ServerResponse): void {
  const match = /^\/v3\/forms\/(\d+)\/subscribe$/.exec(req.url ?? '');
  if (req.method !== 'POST' || !match) return json(res, 404, { error: 'Not Found', message: 'Not Found' });
  const input = JSON.parse(body) as { api_key?: string; email?: string };
  if (input.api_key !== CONVERTKIT_KEY)
    return json(res, 401, { error: 'Authorization Failed', message: 'API Key not valid' });
  const list = convertKitSubscribers.get(match[1] ?? '') ?? [];
  if (input.email && !list.includes(input.email)) list.push(input.email);
  convertKitSubscribers.set(match[1] ?? '', list);
  json(res, 200, {
    subscription: {
      id: list.length,
      state: 'active',
      subscriber: { id: list.length, email_address: input.email },
    },
  });
}

let server: Server;
let port = 0;
let t: TestWorkerDeps;
let workspaceId = '';
let pageId = '';

beforeAll(async () => {
  server = createServer({ key: readFileSync(join(certDir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.headers.host?.startsWith('us21.api.mailchimp.com')) mailchimp(req, body, res);
      else convertKit(req, body, res);
    });
  });
  port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.2', () => resolve((server.address() as AddressInfo).port)),
  );
  t = await createTestWorkerDeps(
    {},
    {
      webhookNetwork: {
        resolveHost: async (host) =>
          host === 'us21.api.mailchimp.com' || host === 'api.convertkit.com' ? ['127.0.0.2'] : [],
        allowAddress: (a) => a === '127.0.0.2',
        allowPort: () => true,
        ca: cert,
      },
    },
  );
  const h = createDb(t.database.url);
  const owner = await insertUser(h.db);
  workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
  await ensureSystemDomains(h.db, { linkHost: 'lnk.esp.test', bioHost: 'bio.esp.test' });
  await h.close();
  const bio = await t.deps.pool.query<{ id: string }>(
    "SELECT id FROM custom_domains WHERE hostname = 'bio.esp.test'",
  );
  const page = await t.deps.pool.query<{ id: string }>(
    "INSERT INTO bio_pages (workspace_id, domain_id, handle) VALUES ($1, $2, 'esp') RETURNING id",
    [workspaceId, bio.rows[0]?.id],
  );
  pageId = page.rows[0]?.id ?? '';
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => server.close(r));
  rmSync(certDir, { recursive: true, force: true });
});

async function adapter(kind: 'mailchimp' | 'convertkit', apiKey: string, forPage = pageId): Promise<string> {
  const url =
    kind === 'mailchimp'
      ? `https://us21.api.mailchimp.com:${port}/3.0/lists/list42/members`
      : `https://api.convertkit.com:${port}/v3/forms/4242/subscribe`;
  const { rows } = await t.deps.pool.query<{ id: string }>(
    `INSERT INTO webhook_endpoints (workspace_id, kind, url, events, page_id, secret_ciphertext)
     VALUES ($1, $2, $3, '{lead.confirmed}', $4, $5) RETURNING id`,
    [workspaceId, kind, url, forPage, t.deps.secrets.seal(Buffer.from(apiKey))],
  );
  return rows[0]?.id ?? '';
}

/** A confirmed lead on the page, its `lead.confirmed` event recorded as the worker and the confirm link do. */
async function confirmedLead(email: string): Promise<{ endpoint_id: string; event_id: string }[]> {
  return withTransaction(t.deps.pool, async (tx) => {
    const lead = await tx.query<{ id: string }>(
      "INSERT INTO leads (workspace_id, page_id, email, status, confirmed_at) VALUES ($1, $2, $3, 'confirmed', now()) RETURNING id",
      [workspaceId, pageId, email],
    );
    const jobs = await recordLeadEvent(tx, lead.rows[0]?.id ?? '', 'lead.confirmed');
    return jobs.map((j) => j.data as { endpoint_id: string; event_id: string });
  });
}
const job = (attemptsMade: number) => ({ attemptsMade, opts: { attempts: 12 } }) as Job; // the processor reads these two fields

describe('ESP adapters', () => {
  it('subscribes a confirmed lead at Mailchimp and ConvertKit, and only for the page they are set up for', async () => {
    const mc = await adapter('mailchimp', MAILCHIMP_KEY);
    const ck = await adapter('convertkit', CONVERTKIT_KEY);
    const otherPage = await t.deps.pool.query<{ id: string }>(
      "INSERT INTO bio_pages (workspace_id, domain_id, handle) SELECT workspace_id, domain_id, 'other' FROM bio_pages WHERE id = $1 RETURNING id",
      [pageId],
    );
    await adapter('convertkit', CONVERTKIT_KEY, otherPage.rows[0]?.id);
    const deliveries = await confirmedLead('Reader@Example.com');
    expect(deliveries.map((d) => d.endpoint_id).sort()).toEqual([mc, ck].sort());
    for (const d of deliveries)
      expect(await deliverWebhook(d, job(0), t.deps)).toEqual({ result: 'delivered', status: 200 });
    const hash = createHash('md5').update('reader@example.com').digest('hex');
    expect(mailchimpMembers.get(hash)).toEqual({
      list: 'list42',
      email: 'reader@example.com',
      status: 'subscribed',
    });
    expect(convertKitSubscribers.get('4242')).toEqual(['reader@example.com']);
    const logged = await t.deps.pool.query<{
      status: string;
      latency_ms: number | null;
      last_status_code: number;
    }>('SELECT status, latency_ms, last_status_code FROM webhook_deliveries WHERE event_id = $1', [
      deliveries[0]?.event_id,
    ]);
    expect(logged.rows.every((r) => r.status === 'succeeded' && r.latency_ms !== null)).toBe(true);
    // A replayed delivery is an upsert at Mailchimp: still one member, status kept.
    await t.deps.pool.query("UPDATE webhook_deliveries SET status = 'pending' WHERE endpoint_id = $1", [mc]);
    const again = deliveries.find((d) => d.endpoint_id === mc);
    if (again) await deliverWebhook(again, job(0), t.deps);
    expect(mailchimpMembers.size).toBe(1);
  });

  it('treats a refused API key as a failed delivery: retried, then dead-lettered', async () => {
    await t.deps.pool.query("UPDATE webhook_endpoints SET status = 'disabled' WHERE workspace_id = $1", [
      workspaceId,
    ]);
    const wrong = await adapter('convertkit', 'ck_wrong_key_000000');
    const [delivery] = await confirmedLead('second@example.com');
    if (!delivery) throw new Error('no delivery recorded');
    expect(delivery.endpoint_id).toBe(wrong);
    await expect(deliverWebhook(delivery, job(0), t.deps)).rejects.toThrow(
      'delivery failed: http_status 401',
    );
    expect(await deliverWebhook(delivery, job(11), t.deps)).toEqual({ result: 'dead', disabled: false });
    expect(convertKitSubscribers.get('4242')).toEqual(['reader@example.com']);
  });
});
