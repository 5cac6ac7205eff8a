import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { startSmtpCapture, type SmtpCapture } from '@linkhub/shared/server/mail/smtp-testing';
import { verifySignature } from '@linkhub/shared/server/webhooks/signature';
import { DELIVERY_FAILURE_REASONS } from '@linkhub/shared/webhooks/schemas';
import { createQueue } from '../queues';
import { startWorkers } from '../runtime';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { deliverWebhook, DISABLE_AFTER_DEAD, webhookDeliver, type DeliveryOutcome } from './webhook-deliver';

/**
 * A real local HTTPS receiver (self-signed for receiver.example.com, trusted through the
 * network settings; the only address the policy lets through is the receiver's 127.0.0.2) checks
 * every signature; a 500 is retried, the last failure dead-letters, a run of dead deliveries turns
 * the endpoint off and mails its owner.
 */
const SECRET = 'whsec_test_0123456789';
const certDir = mkdtempSync(join(tmpdir(), 'webhook-tls-'));
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
    '/CN=receiver.example.com',
    '-addext',
    'subjectAltName=DNS:receiver.example.com',
  ],
  { stdio: 'ignore' },
);
const cert = readFileSync(join(certDir, 'cert.pem'), 'utf8');

type Received = {
  path: string;
  valid: boolean;
  eventId: string | undefined;
  body: string;
  signature: string;
  /** What the receiver answered. */
  status?: number;
};
const received: Received[] = [];
let answers: number[] = [];
/** Event ids whose next delivery is answered 500 (whatever the arrival order). */
const failOnce = new Set<string>();
let receiver: Server;
let port = 0;
let t: TestWorkerDeps;
let smtp: SmtpCapture;
let workspaceId = '';
let ownerEmail = '';

beforeAll(async () => {
  receiver = createServer({ key: readFileSync(join(certDir, 'key.pem')), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = req.headers['linkhub-signature'];
      received.push({
        path: req.url ?? '',
        valid:
          typeof header === 'string' && verifySignature(header, SECRET, body, Math.floor(Date.now() / 1000)),
        eventId: req.headers['linkhub-event-id']?.toString(),
        body,
        signature: typeof header === 'string' ? header : '',
      });
      const eventId = req.headers['linkhub-event-id']?.toString() ?? '';
      const status = failOnce.delete(eventId) ? 500 : (answers.shift() ?? 200);
      const last = received.at(-1);
      if (last) last.status = status;
      res.writeHead(status);
      res.end('ok');
    });
  });
  port = await new Promise<number>((resolve) =>
    receiver.listen(0, '127.0.0.2', () => resolve((receiver.address() as AddressInfo).port)),
  );
  smtp = await startSmtpCapture();
  t = await createTestWorkerDeps(
    { SMTP_URL: smtp.url },
    {
      webhookNetwork: {
        resolveHost: async (host) => (host === 'receiver.example.com' ? ['127.0.0.2'] : []),
        allowAddress: (a) => a === '127.0.0.2',
        allowPort: () => true,
        ca: cert,
      },
    },
  );
  const h = createDb(t.database.url);
  const owner = await insertUser(h.db);
  ownerEmail = owner.email;
  workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id, name: 'Maya Prints' })).workspace.id;
  await h.close();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await new Promise((r) => receiver.close(r));
  rmSync(certDir, { recursive: true, force: true });
});

async function endpoint(path: string): Promise<string> {
  const { rows } = await t.deps.pool.query<{ id: string }>(
    "INSERT INTO webhook_endpoints (workspace_id, url, events, secret_ciphertext) VALUES ($1, $2, '{lead.created}', $3) RETURNING id",
    [workspaceId, `https://receiver.example.com:${port}${path}`, t.deps.secrets.seal(Buffer.from(SECRET))],
  );
  return rows[0]?.id ?? '';
}
async function delivery(endpointId: string): Promise<string> {
  const eventId = crypto.randomUUID();
  await t.deps.pool.query(
    "INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, payload) VALUES ($1, $2, $3, 'lead.created', $4)",
    [
      endpointId,
      workspaceId,
      eventId,
      JSON.stringify({
        id: eventId,
        type: 'lead.created',
        created_at: new Date().toISOString(),
        workspace_id: workspaceId,
        data: { id: 'x' },
      }),
    ],
  );
  return eventId;
}
const fakeJob = (attemptsMade: number, attempts = 12) => ({ attemptsMade, opts: { attempts } }) as Job; // test-only: the processor reads these two fields
const stateOf = async (eventId: string) =>
  (
    await t.deps.pool.query<{ status: string; attempts: number; last_status_code: number | null }>(
      'SELECT status, attempts, last_status_code FROM webhook_deliveries WHERE event_id = $1',
      [eventId],
    )
  ).rows[0];

describe('webhook delivery to a real receiver', () => {
  it('signs the raw body with the timestamp, sends the event id, and records the delivery', async () => {
    const id = await endpoint('/ok');
    const eventId = await delivery(id);
    const outcome = await deliverWebhook({ endpoint_id: id, event_id: eventId }, fakeJob(0), t.deps);
    expect(outcome).toEqual({ result: 'delivered', status: 200 });
    const got = received.find((r) => r.eventId === eventId);
    expect(got).toMatchObject({ path: '/ok', valid: true });
    expect(JSON.parse(got?.body ?? '{}')).toMatchObject({ id: eventId, type: 'lead.created' });
    expect(await stateOf(eventId)).toEqual({ status: 'succeeded', attempts: 1, last_status_code: 200 });
  });

  it('retries a 500 through BullMQ, then delivers', async () => {
    const id = await endpoint('/flaky');
    const eventId = await delivery(id);
    answers = [500, 500];
    const runtime = startWorkers(t.deps, { 'webhook-deliver': webhookDeliver });
    const queue = createQueue('webhook-deliver', t.deps.redis, t.deps.config.REDIS_PREFIX);
    const job = await queue.queue.add(
      'webhook-deliver',
      { endpoint_id: id, event_id: eventId },
      { attempts: 4, backoff: { type: 'fixed', delay: 50 } },
    );
    for (let i = 0; i < 200 && (await job.getState()) !== 'completed'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await job.getState()).toBe('completed');
    expect(received.filter((r) => r.eventId === eventId).map((r) => r.valid)).toEqual([true, true, true]);
    expect(await stateOf(eventId)).toEqual({ status: 'succeeded', attempts: 3, last_status_code: 200 });
    await runtime.close();
    await queue.queue.obliterate({ force: true });
    await queue.close();
  });

  it('a retried event can arrive after a later one: each carries its own id and time, so a receiver handles them in any order', async () => {
    const id = await endpoint('/order');
    const earlier = await delivery(id);
    await new Promise((r) => setTimeout(r, 5));
    const later = await delivery(id);
    failOnce.add(earlier);
    const runtime = startWorkers(t.deps, { 'webhook-deliver': webhookDeliver });
    const queue = createQueue('webhook-deliver', t.deps.redis, t.deps.config.REDIS_PREFIX);
    const retry = { attempts: 3, backoff: { type: 'fixed', delay: 300 } } as const;
    const first = await queue.queue.add('webhook-deliver', { endpoint_id: id, event_id: earlier }, retry);
    const second = await queue.queue.add('webhook-deliver', { endpoint_id: id, event_id: later }, retry);
    for (let i = 0; i < 200; i++) {
      const states = await Promise.all([first.getState(), second.getState()]);
      if (states.every((s) => s === 'completed')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const arrivals = received.filter((r) => r.path === '/order');
    expect(arrivals.every((r) => r.valid)).toBe(true);
    // The earlier event's first attempt failed, so its success arrives after the later event.
    const handled = new Map<string, string>();
    for (const r of arrivals.filter((a) => a.status === 200))
      handled.set(r.eventId ?? '', JSON.parse(r.body).created_at as string);
    expect([...handled.keys()]).toEqual([later, earlier]);
    // Sorting by the payload's created_at restores the order the changes happened in.
    expect([...handled.entries()].sort((a, b) => a[1].localeCompare(b[1])).map(([e]) => e)).toEqual([
      earlier,
      later,
    ]);
    await runtime.close();
    await queue.queue.obliterate({ force: true });
    await queue.close();
  });

  it('dead-letters the last failure; a run of dead deliveries turns the endpoint off and mails the owner', async () => {
    const id = await endpoint('/down');
    const first = await delivery(id);
    answers = [500];
    await expect(deliverWebhook({ endpoint_id: id, event_id: first }, fakeJob(0), t.deps)).rejects.toThrow(
      'delivery failed: http_status 500',
    );
    expect(await stateOf(first)).toEqual({ status: 'failed', attempts: 1, last_status_code: 500 });
    const outcomes: DeliveryOutcome[] = [];
    for (let i = 0; i < DISABLE_AFTER_DEAD; i++) {
      const eventId = i === 0 ? first : await delivery(id);
      answers = [503];
      outcomes.push(await deliverWebhook({ endpoint_id: id, event_id: eventId }, fakeJob(11), t.deps));
    }
    expect(await stateOf(first)).toMatchObject({ status: 'dead', last_status_code: 503 });
    expect(outcomes.map((o) => o.result)).toEqual(Array(DISABLE_AFTER_DEAD).fill('dead'));
    expect(outcomes.at(-1)).toEqual({ result: 'dead', disabled: true });
    const ep = await t.deps.pool.query<{ status: string }>(
      'SELECT status FROM webhook_endpoints WHERE id = $1',
      [id],
    );
    expect(ep.rows[0]?.status).toBe('disabled');
    const mail = await smtp.waitFor(ownerEmail);
    expect(mail.subject).toBe('A webhook endpoint of Maya Prints was turned off');
    // Nothing more is sent to a disabled endpoint.
    const later = await delivery(id);
    const before = received.length;
    expect(await deliverWebhook({ endpoint_id: id, event_id: later }, fakeJob(0), t.deps)).toEqual({
      result: 'skipped',
      reason: 'endpoint_disabled',
    });
    expect(received.length).toBe(before);
    // The log says why, in a code the editor has words for.
    const skipped = await t.deps.pool.query<{ last_error: string | null }>(
      'SELECT last_error FROM webhook_deliveries WHERE event_id = $1',
      [later],
    );
    expect(DELIVERY_FAILURE_REASONS).toContain(skipped.rows[0]?.last_error);
  });

  it('signs with both secrets while a rotation overlaps, and with the new one only once it has ended', async () => {
    const id = await endpoint('/rotated');
    const OLD = 'whsec_old_secret_0001';
    await t.deps.pool.query(
      `UPDATE webhook_endpoints SET secret_ciphertext = $2, previous_secret_ciphertext = $3,
              previous_secret_expires_at = now() + interval '1 hour' WHERE id = $1`,
      [id, t.deps.secrets.seal(Buffer.from(SECRET)), t.deps.secrets.seal(Buffer.from(OLD))],
    );
    const during = await delivery(id);
    await deliverWebhook({ endpoint_id: id, event_id: during }, fakeJob(0), t.deps);
    const first = received.find((r) => r.eventId === during);
    const now = Math.floor(Date.now() / 1000);
    expect(first?.valid).toBe(true);
    expect(verifySignature(first?.signature ?? '', OLD, first?.body ?? '', now)).toBe(true);
    expect(first?.signature.match(/v1=/g)).toHaveLength(2);
    await t.deps.pool.query(
      "UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1",
      [id],
    );
    const after = await delivery(id);
    await deliverWebhook({ endpoint_id: id, event_id: after }, fakeJob(0), t.deps);
    const second = received.find((r) => r.eventId === after);
    expect(second?.valid).toBe(true);
    expect(verifySignature(second?.signature ?? '', OLD, second?.body ?? '', now)).toBe(false);
    const logged = await t.deps.pool.query<{ latency_ms: number | null; last_attempt_at: Date | null }>(
      'SELECT latency_ms, last_attempt_at FROM webhook_deliveries WHERE event_id = $1',
      [after],
    );
    expect(logged.rows[0]?.latency_ms).toEqual(expect.any(Number));
    expect(logged.rows[0]?.last_attempt_at).toBeInstanceOf(Date);
  });

  it('refuses an endpoint whose name resolves inside, and an erased delivery is simply gone', async () => {
    const { rows } = await t.deps.pool.query<{ id: string }>(
      "INSERT INTO webhook_endpoints (workspace_id, url, events, secret_ciphertext) VALUES ($1, 'https://169.254.169.254/latest', '{}', $2) RETURNING id",
      [workspaceId, t.deps.secrets.seal(Buffer.from(SECRET))],
    );
    const eventId = await delivery(rows[0]?.id ?? '');
    await expect(
      deliverWebhook({ endpoint_id: rows[0]?.id ?? '', event_id: eventId }, fakeJob(0), t.deps),
    ).rejects.toThrow('refused_address');
    expect(
      await deliverWebhook(
        { endpoint_id: rows[0]?.id ?? '', event_id: crypto.randomUUID() },
        fakeJob(0),
        t.deps,
      ),
    ).toEqual({ result: 'skipped', reason: 'gone' });
  });
});
