import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBatchStreamFields, type AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { createDb } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { verifySignature } from '@linkhub/shared/server/webhooks/signature';
import { webhookPayloadSchema } from '@linkhub/shared/webhooks/events';
import { trafficBatchSchema } from '@linkhub/shared/webhooks/traffic-events';
import { createIngestConsumer } from '../../ingest/consumer';
import { deliverWebhook } from '../../processors/webhook-deliver';
import { createTestWorkerDeps, type TestWorkerDeps } from '../../testing';
import { stuckTrafficBuffers } from '../sweep';
import { webhookBatch } from './flush';
import { createTrafficHandOff, type TrafficHandOff } from './hand-off';
import { startTlsReceiver, type TlsReceiver } from './tls-receiver';

/**
 * Clicks read by the analytics ingest reach a subscribed endpoint as one signed `link.clicked`
 * batch, verified by a real HTTPS receiver with the signature helper; bots, other event types and
 * resources outside an endpoint's filter stay out; no payload carries an IP address or a User-Agent.
 */
const SECRET = 'whsec_traffic_0123456789';
const job = {} as Job; // test-only: the processors do not read the BullMQ job
let t: TestWorkerDeps;
let receiver: TlsReceiver;
let handOff: TrafficHandOff;
let workspaceId = '';
let quietWorkspaceId = '';

beforeAll(async () => {
  receiver = await startTlsReceiver(SECRET);
  t = await createTestWorkerDeps({}, { webhookNetwork: receiver.network });
  const h = createDb(t.database.url);
  const owner = await insertUser(h.db);
  workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
  quietWorkspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
  await h.close();
  handOff = createTrafficHandOff(t.deps, { cacheMs: 0 });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function endpoint(events: string[], resourceIds: string[] | null = null): Promise<string> {
  const { rows } = await t.deps.pool.query<{ id: string }>(
    `INSERT INTO webhook_endpoints (workspace_id, url, events, resource_ids, secret_ciphertext)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [workspaceId, receiver.url, events, resourceIds, t.deps.secrets.seal(Buffer.from(SECRET))],
  );
  return rows[0]?.id ?? '';
}

/** The events through the ingest (stream, consumer group, one committed batch) and the hand-off. */
async function ingest(events: AnalyticsEvent[]): Promise<void> {
  const consumer = createIngestConsumer(
    { pool: t.deps.pool, redis: t.deps.redis, logger: t.deps.logger, prefix: t.deps.config.REDIS_PREFIX },
    { consumerName: `c-${randomUUID()}`, blockMs: 100, refreshSummaries: false, onCommitted: handOff.offer },
  );
  await consumer.ensureGroup();
  await t.deps.redis.xadd(clicksStreamKey(t.deps.config.REDIS_PREFIX), '*', ...toBatchStreamFields(events));
  await consumer.handle(await consumer.readNew());
  await handOff.settled();
}

/** Flushes the endpoint's buffer (as the `webhook-batch` job does) and delivers what it recorded. */
async function flushAndDeliver(endpointId: string, type: 'link.clicked' | 'page.viewed'): Promise<number> {
  await webhookBatch({ endpoint_id: endpointId, event_type: type }, job, t.deps);
  const { rows } = await t.deps.pool.query<{ event_id: string }>(
    "SELECT event_id FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending' ORDER BY created_at",
    [endpointId],
  );
  for (const row of rows)
    await deliverWebhook({ endpoint_id: endpointId, event_id: row.event_id }, job, t.deps);
  return rows.length;
}

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('event webhooks from the ingest', () => {
  it('delivers a signed link.clicked batch that the signature helper verifies; bots and page views stay out', async () => {
    const linkId = randomUUID();
    const pageId = randomUUID();
    const endpointId = await endpoint(['link.clicked']);
    const visits = [1, 2, 3].map((i) =>
      testEvent({ workspace_id: workspaceId, resource_id: linkId, utm_source: 'newsletter' }, `visitor-${i}`),
    );
    const bot = testEvent({ workspace_id: workspaceId, resource_id: linkId, is_bot: true }, 'crawler');
    const view = testEvent({
      workspace_id: workspaceId,
      resource_id: pageId,
      resource_type: 'bio_page',
      event_type: 'page_view',
    });
    await ingest([...visits, bot, view]);
    const before = receiver.received.length;
    expect(await flushAndDeliver(endpointId, 'link.clicked')).toBe(1);
    const [delivered] = receiver.received.slice(before);
    expect(delivered?.valid).toBe(true);
    if (!delivered) return;
    expect(
      verifySignature(delivered.signature, 'whsec_someone_else', delivered.body, Date.now() / 1000),
    ).toBe(false);
    const payload = webhookPayloadSchema.parse(JSON.parse(delivered.body));
    expect(payload).toMatchObject({ type: 'link.clicked', workspace_id: workspaceId, id: delivered.eventId });
    const batch = trafficBatchSchema.parse(payload.data);
    expect(batch.count).toBe(3);
    expect(new Set(batch.events.map((e) => e.visitor_hash))).toEqual(
      new Set(visits.map((v) => v.visitor_hash)),
    );
    expect(batch.events[0]).toMatchObject({
      type: 'link.clicked',
      resource: { type: 'link', id: linkId, parent_id: null },
      country: 'FR',
      device_type: 'mobile',
      referrer_host: 'instagram.com',
      utm: { source: 'newsletter' },
    });
    const left = await t.deps.pool.query('SELECT 1 FROM webhook_event_buffer WHERE endpoint_id = $1', [
      endpointId,
    ]);
    expect(left.rowCount).toBe(0);
  });

  it('splits a backlog into batches of at most 100 and keeps each event once', async () => {
    const linkId = randomUUID();
    const endpointId = await endpoint(['link.clicked']);
    const visits = Array.from({ length: 230 }, (_, i) =>
      testEvent({ workspace_id: workspaceId, resource_id: linkId }, `many-${i}`),
    );
    for (let i = 0; i < visits.length; i += 50) await ingest(visits.slice(i, i + 50));
    const before = receiver.received.length;
    expect(await flushAndDeliver(endpointId, 'link.clicked')).toBe(3);
    const batches = receiver.received.slice(before).map((r) => {
      expect(r.valid).toBe(true);
      return trafficBatchSchema.parse(webhookPayloadSchema.parse(JSON.parse(r.body)).data);
    });
    expect(batches.map((b) => b.count)).toEqual([100, 100, 30]);
    expect(new Set(batches.flatMap((b) => b.events.map((e) => e.id))).size).toBe(230);
  });

  it('sends only the resources an endpoint filters on, and nothing without an endpoint', async () => {
    const chosen = randomUUID();
    const other = randomUUID();
    const filtered = await endpoint(['page.viewed'], [chosen]);
    const view = (resourceId: string) =>
      testEvent({
        workspace_id: workspaceId,
        resource_id: resourceId,
        resource_type: 'bio_page',
        event_type: 'page_view',
      });
    await ingest([view(chosen), view(other), view(other)]);
    const buffered = await t.deps.pool.query<{ events: string }>(
      'SELECT events FROM webhook_event_buffer WHERE endpoint_id = $1',
      [filtered],
    );
    expect(
      buffered.rows.flatMap((r) =>
        (JSON.parse(r.events) as Array<{ resource: { id: string } }>).map((e) => e.resource.id),
      ),
    ).toEqual([chosen]);
    const before = await t.deps.pool.query('SELECT coalesce(sum(n), 0)::int AS n FROM webhook_event_buffer');
    await ingest([testEvent({ workspace_id: quietWorkspaceId, resource_id: chosen })]);
    const after = await t.deps.pool.query('SELECT coalesce(sum(n), 0)::int AS n FROM webhook_event_buffer');
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('never puts an IP address or a User-Agent in a payload', async () => {
    // The edge hashes both before the stream; the visitor strings here hold them, as a hash input would.
    const linkId = randomUUID();
    const endpointId = await endpoint(['link.clicked']);
    const visits = Array.from({ length: 20 }, (_, i) =>
      testEvent({ workspace_id: workspaceId, resource_id: linkId, language: 'fr' }, `${UA} 203.0.113.${i}`),
    );
    await ingest(visits);
    const before = receiver.received.length;
    await flushAndDeliver(endpointId, 'link.clicked');
    const bodies = receiver.received.slice(before).map((r) => r.body);
    expect(bodies.length).toBeGreaterThan(0);
    const stored = await t.deps.pool.query<{ payload: unknown }>(
      'SELECT payload FROM webhook_deliveries WHERE endpoint_id = $1',
      [endpointId],
    );
    for (const text of [...bodies, ...stored.rows.map((r) => JSON.stringify(r.payload))]) {
      expect(text).not.toMatch(/\b\d{1,3}(\.\d{1,3}){3}\b/);
      expect(text).not.toMatch(/\b[0-9a-f]{1,4}(:[0-9a-f]{1,4}){3,7}\b/i);
      expect(text).not.toMatch(/Mozilla|AppleWebKit|user_agent|"ip"/i);
      for (const v of visits) expect(text).not.toContain(v.ua_hash);
    }
  });

  it('the sweep flushes a buffer whose flush job never reached the queue', async () => {
    const endpointId = await endpoint(['qr.scanned']);
    await t.deps.pool.query(
      `INSERT INTO webhook_event_buffer (endpoint_id, workspace_id, event_type, events, n, created_at)
       VALUES ($1, $2, 'qr.scanned', '[]', 1, now() - interval '1 hour')`,
      [endpointId, workspaceId],
    );
    const jobs = await stuckTrafficBuffers(t.deps.pool, new Date());
    expect(jobs.map((j) => j.data)).toContainEqual({ endpoint_id: endpointId, event_type: 'qr.scanned' });
  });
});
