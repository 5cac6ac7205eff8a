import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '@linkhub/shared/server/crypto/secret-box';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { recordLeadEvent } from '@linkhub/shared/server/webhooks/lead-events';
import { newLeadToken } from '@linkhub/shared/server/leads/tokens';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreated,
} from '@linkhub/shared/webhooks/schemas';
import { MAX_ENDPOINTS } from './commands';
import { ALL_SCOPES, startV1Kit, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

/**
 * `/v1/webhooks` with real PostgreSQL and BullMQ: the secret shown once, the address
 * refused when it is or resolves inside, lead events and ESP adapters kept from API keys, events
 * recorded by the command layer for both doors (REST and Replicache push), rotation with an overlap,
 * the delivery log with test sends and replays.
 */
let kit: V1Kit;
let key = '';
const WEBHOOK = {
  kind: 'webhook',
  url: 'https://hooks.example.com/linkhub',
  events: ['link.created', 'link.archived'],
};

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key([...ALL_SCOPES, 'webhooks:read', 'webhooks:write']);
});
afterAll(async () => kit.stop());

const create = async (body: unknown, auth: { key?: string; token?: string } = { key }) => {
  const ws = auth.token === undefined ? '' : `?workspace_id=${kit.owner.workspaceId}`;
  return auth.token === undefined
    ? kit.api('POST', `/v1/webhooks${ws}`, { key: auth.key ?? key, body })
    : kit.call('POST', `/v1/webhooks${ws}`, { token: auth.token, body });
};
const deliveriesOf = async (endpointId: string) =>
  (
    await kit.deps.pool.query<{
      id: string;
      event_type: string;
      status: string;
      payload: { data: { id: string; email?: string; status?: string } };
    }>(
      'SELECT id, event_type, status, payload FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at',
      [endpointId],
    )
  ).rows;
/** The job of a delivery, once the commands' after-commit work (jobs and pokes, sent after the answer) is done. */
const queued = async (jobId: string): Promise<unknown> => {
  await kit.deps.commands.settled();
  return (await kit.deps.jobs.queue('webhook-deliver').getJob(jobId))?.data;
};

describe('/v1/webhooks', () => {
  it('creates an endpoint and shows its secret once; the secret is sealed at rest', async () => {
    const res = await create(WEBHOOK);
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const { data } = await kit.json<Envelope<WebhookEndpointCreated>>(res);
    expect(data.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(data).toMatchObject({ kind: 'webhook', status: 'active', secret_last4: data.secret?.slice(-4) });
    const listed = await kit.json<Envelope<WebhookEndpoint[]>>(await kit.api('GET', '/v1/webhooks', { key }));
    const again = listed.data.find((e) => e.id === data.id);
    expect(again).toBeDefined();
    expect(JSON.stringify(listed)).not.toContain(data.secret ?? 'x');
    const row = await kit.deps.pool.query<{ secret_ciphertext: string }>(
      'SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1',
      [data.id],
    );
    const sealed = row.rows[0]?.secret_ciphertext ?? '';
    expect(sealed).not.toContain(data.secret ?? 'x');
    expect(createSecretBox(kit.deps.config.AUTH_SECRET).open(sealed).toString()).toBe(data.secret);
  });

  it('accepts the web ports written out', async () => {
    const res = await create({ ...WEBHOOK, url: 'https://hooks.example.com:443/port' });
    expect(res.status).toBe(201);
    await kit.api('DELETE', `/v1/webhooks/${(await kit.json<Envelope<WebhookEndpoint>>(res)).data.id}`, {
      key,
    });
  });

  it('refuses plain http, inside addresses and names that resolve inside, changing nothing', async () => {
    const before = await kit.count('webhook_endpoints');
    const plain = await create({ ...WEBHOOK, url: 'http://hooks.example.com/x' });
    expect(plain.status).toBe(400);
    for (const url of [
      'https://intranet.example.com/hook',
      'https://meta.example.com/hook',
      'https://v6loop.example.com/hook',
      'https://localhost/hook',
    ]) {
      const res = await create({ ...WEBHOOK, url });
      expect([400, 422], url).toContain(res.status);
      expect((await kit.json<ErrorBody>(res)).error.details[0]?.field, url).toBe('url');
    }
    for (const url of ['https://hooks.example.com:25/x', 'https://hooks.example.com:6379/x']) {
      const res = await create({ ...WEBHOOK, url });
      expect(res.status, url).toBe(422);
      const error = (await kit.json<ErrorBody>(res)).error;
      expect(error.message).toBe('A webhook address may use port 443 (https) or 80 only.');
      expect(error.details[0], url).toMatchObject({ field: 'url', reason: 'port' });
    }
    const ip = await create({ ...WEBHOOK, url: 'https://169.254.169.254/latest' });
    expect(ip.status).toBe(400);
    expect(await kit.count('webhook_endpoints')).toBe(before);
  });

  it('keeps leads from API keys: lead events and ESP adapters need the dashboard', async () => {
    const leads = await create({ ...WEBHOOK, events: ['lead.created'] });
    expect(leads.status).toBe(403);
    expect((await kit.json<ErrorBody>(leads)).error.code).toBe('action_not_available_to_api_key');
    const bySession = await create({ ...WEBHOOK, events: ['lead.created'] }, { token: kit.owner.token });
    expect(bySession.status).toBe(201);
    const id = (await kit.json<Envelope<WebhookEndpoint>>(bySession)).data.id;
    // Once it receives addresses, a key cannot point it elsewhere either.
    const moved = await kit.api('PATCH', `/v1/webhooks/${id}`, {
      key,
      body: { url: 'https://evil.example.com/' },
    });
    expect(moved.status).toBe(403);
  });

  it('records events in the command layer for REST and for a Replicache push, and queues their deliveries', async () => {
    const endpoint = (await kit.json<Envelope<WebhookEndpoint>>(await create(WEBHOOK))).data;
    const viaRest = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/a' },
    });
    const link = (await kit.json<Envelope<{ id: string }>>(viaRest)).data;
    const pushedId = randomUUID();
    const push = await kit.call('POST', '/replicache/push', {
      token: kit.owner.token,
      body: {
        pushVersion: 1,
        clientGroupID: `cg-${randomUUID()}`,
        profileID: 'p',
        schemaVersion: '',
        mutations: [
          {
            clientID: `c-${randomUUID()}`,
            id: 1,
            name: 'createLink',
            args: {
              id: pushedId,
              workspace_id: kit.owner.workspaceId,
              destination_url: 'https://example.com/b',
            },
            timestamp: 0,
          },
          {
            clientID: `c-${randomUUID()}`,
            id: 1,
            name: 'updateLink',
            args: { id: pushedId, workspace_id: kit.owner.workspaceId, title: 'Not subscribed' },
            timestamp: 0,
          },
        ],
      },
    });
    expect(push.status).toBe(200);
    expect((await kit.api('DELETE', `/v1/links/${link.id}`, { key })).status).toBe(200);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => [r.event_type, r.payload.data.id])).toEqual([
      ['link.created', link.id],
      ['link.created', pushedId],
      ['link.archived', link.id],
    ]);
    const first = rows[0];
    expect(await queued(`whd-${first?.id ?? ''}`)).toEqual({
      endpoint_id: endpoint.id,
      event_id: expect.any(String),
    });
  });

  it('records nothing for a refused change', async () => {
    const endpoint = (await kit.json<Envelope<WebhookEndpoint>>(await create(WEBHOOK))).data;
    const refused = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://intranet.example.com/' },
    });
    expect(refused.status).toBe(422);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });

  it('rotates the secret with an overlap window, during which both secrets are kept', async () => {
    const created = (await kit.json<Envelope<WebhookEndpointCreated>>(await create(WEBHOOK))).data;
    const res = await kit.api('POST', `/v1/webhooks/${created.id}/rotate-secret`, {
      key,
      body: { overlap_hours: 24 },
    });
    expect(res.status).toBe(200);
    const { data } = await kit.json<Envelope<{ secret: string; previous_secret_expires_at: string }>>(res);
    expect(data.secret).not.toBe(created.secret);
    const hours = (Date.parse(data.previous_secret_expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const box = createSecretBox(kit.deps.config.AUTH_SECRET);
    const row = (
      await kit.deps.pool.query<{ secret_ciphertext: string; previous_secret_ciphertext: string }>(
        'SELECT secret_ciphertext, previous_secret_ciphertext FROM webhook_endpoints WHERE id = $1',
        [created.id],
      )
    ).rows[0];
    expect(box.open(row?.secret_ciphertext ?? '').toString()).toBe(data.secret);
    expect(box.open(row?.previous_secret_ciphertext ?? '').toString()).toBe(created.secret);
    const shown = (
      await kit.json<Envelope<WebhookEndpoint>>(await kit.api('GET', `/v1/webhooks/${created.id}`, { key }))
    ).data;
    expect(shown.previous_secret_expires_at).toBe(new Date(data.previous_secret_expires_at).toISOString());
    const now = await kit.api('POST', `/v1/webhooks/${created.id}/rotate-secret`, {
      key,
      body: { overlap_hours: 0 },
    });
    expect(
      (await kit.json<Envelope<{ previous_secret_expires_at: null }>>(now)).data.previous_secret_expires_at,
    ).toBeNull();
  });

  it('sends a test event, lists it in the delivery log, and replays a dead delivery', async () => {
    const endpoint = (await kit.json<Envelope<WebhookEndpoint>>(await create(WEBHOOK))).data;
    const test = await kit.api('POST', `/v1/webhooks/${endpoint.id}/test`, { key });
    expect(test.status).toBe(201);
    const sent = (await kit.json<Envelope<{ delivery_id: string; event_id: string }>>(test)).data;
    const log = await kit.json<Envelope<WebhookDelivery[]>>(
      await kit.api('GET', `/v1/webhooks/${endpoint.id}/deliveries`, { key }),
    );
    expect(log.data).toEqual([
      expect.objectContaining({
        id: sent.delivery_id,
        event_type: 'webhook.test',
        status: 'pending',
        replays: 0,
      }),
    ]);
    expect(await queued(`whd-${sent.delivery_id}`)).toEqual({
      endpoint_id: endpoint.id,
      event_id: sent.event_id,
    });

    await kit.deps.pool.query("UPDATE webhook_deliveries SET status = 'dead', attempts = 12 WHERE id = $1", [
      sent.delivery_id,
    ]);
    const replay = await kit.api(
      'POST',
      `/v1/webhooks/${endpoint.id}/deliveries/${sent.delivery_id}/replay`,
      {
        key,
      },
    );
    expect(replay.status).toBe(200);
    const after = await kit.json<Envelope<WebhookDelivery[]>>(
      await kit.api('GET', `/v1/webhooks/${endpoint.id}/deliveries?status=pending`, { key }),
    );
    expect(after.data[0]).toMatchObject({ id: sent.delivery_id, status: 'pending', replays: 1 });
    expect(await queued(`whd-${sent.delivery_id}-r1`)).toEqual({
      endpoint_id: endpoint.id,
      event_id: sent.event_id,
    });
    // Another workspace's key reaches none of it.
    const stranger = await kit.key(['webhooks:read', 'webhooks:write'], 'other');
    expect((await kit.api('GET', `/v1/webhooks/${endpoint.id}/deliveries`, { key: stranger })).status).toBe(
      404,
    );
    expect(
      (
        await kit.api('POST', `/v1/webhooks/${endpoint.id}/deliveries/${sent.delivery_id}/replay`, {
          key: stranger,
        })
      ).status,
    ).toBe(404);
  });

  it('turns an endpoint off and on, refuses test sends while off, and deletes it', async () => {
    const endpoint = (await kit.json<Envelope<WebhookEndpoint>>(await create(WEBHOOK))).data;
    const off = await kit.api('PATCH', `/v1/webhooks/${endpoint.id}`, { key, body: { enabled: false } });
    expect((await kit.json<Envelope<WebhookEndpoint>>(off)).data.status).toBe('disabled');
    expect((await kit.api('POST', `/v1/webhooks/${endpoint.id}/test`, { key })).status).toBe(409);
    await kit.deps.pool.query('UPDATE webhook_endpoints SET consecutive_failures = 5 WHERE id = $1', [
      endpoint.id,
    ]);
    const on = await kit.api('PATCH', `/v1/webhooks/${endpoint.id}`, { key, body: { enabled: true } });
    expect((await kit.json<Envelope<WebhookEndpoint>>(on)).data).toMatchObject({
      status: 'active',
      consecutive_failures: 0,
    });
    expect((await kit.api('DELETE', `/v1/webhooks/${endpoint.id}`, { key })).status).toBe(200);
    expect((await kit.api('GET', `/v1/webhooks/${endpoint.id}`, { key })).status).toBe(404);
  });

  it('configures an ESP adapter per page from the dashboard, with the provider’s subscribe address', async () => {
    const page = await kit.api('POST', '/v1/pages', { key, body: { handle: 'esp-page', title: 'ESP' } });
    const pageId = (await kit.json<Envelope<{ id: string }>>(page)).data.id;
    const res = await create(
      { kind: 'mailchimp', page_id: pageId, api_key: `${'a'.repeat(32)}-us21`, list_id: 'abc123' },
      { token: kit.owner.token },
    );
    expect(res.status).toBe(201);
    const { data } = await kit.json<Envelope<WebhookEndpointCreated>>(res);
    expect(data).toMatchObject({
      kind: 'mailchimp',
      url: 'https://us21.api.mailchimp.com/3.0/lists/abc123/members',
      events: ['lead.confirmed'],
      page_id: pageId,
      config: { list_id: 'abc123' },
      secret: null,
      secret_last4: 'us21',
    });
    const moved = await kit.call('PATCH', `/v1/webhooks/${data.id}?workspace_id=${kit.owner.workspaceId}`, {
      token: kit.owner.token,
      body: { url: 'https://example.com/' },
    });
    expect(moved.status).toBe(400);
    const ck = await create(
      { kind: 'convertkit', page_id: pageId, api_key: 'ck_test_key_0123', form_id: '4242' },
      { token: kit.owner.token },
    );
    expect((await kit.json<Envelope<WebhookEndpoint>>(ck)).data.url).toBe(
      'https://api.convertkit.com/v3/forms/4242/subscribe',
    );
  });

  it('erasing a lead removes its webhook and ESP deliveries, pending or delivered', async () => {
    const page = await kit.api('POST', '/v1/pages', { key, body: { handle: 'erase-page', title: 'Erase' } });
    const pageId = (await kit.json<Envelope<{ id: string }>>(page)).data.id;
    const hook = await create(
      { ...WEBHOOK, events: ['lead.created', 'lead.confirmed'] },
      { token: kit.owner.token },
    );
    const esp = await create(
      { kind: 'convertkit', page_id: pageId, api_key: 'ck_test_key_0123', form_id: '77' },
      { token: kit.owner.token },
    );
    const hookId = (await kit.json<Envelope<WebhookEndpoint>>(hook)).data.id;
    const espId = (await kit.json<Envelope<WebhookEndpoint>>(esp)).data.id;
    const leadId = await withTransaction(kit.deps.pool, async (tx) => {
      const lead = await tx.query<{ id: string }>(
        "INSERT INTO leads (workspace_id, page_id, email, status, confirmed_at) VALUES ($1, $2, 'gone@example.com', 'confirmed', now()) RETURNING id",
        [kit.owner.workspaceId, pageId],
      );
      const id = lead.rows[0]?.id ?? '';
      await recordLeadEvent(tx, id, 'lead.created');
      await recordLeadEvent(tx, id, 'lead.confirmed');
      return id;
    });
    await kit.deps.pool.query(
      "UPDATE webhook_deliveries SET status = 'succeeded' WHERE endpoint_id = $1 AND event_type = 'lead.created'",
      [hookId],
    );
    expect((await deliveriesOf(hookId)).length).toBe(2);
    expect((await deliveriesOf(espId)).map((d) => d.event_type)).toEqual(['lead.confirmed']);
    const erased = await kit.call('DELETE', `/v1/leads/${leadId}?workspace_id=${kit.owner.workspaceId}`, {
      token: kit.owner.token,
    });
    expect(erased.status).toBe(200);
    expect(await deliveriesOf(hookId)).toEqual([]);
    expect(await deliveriesOf(espId)).toEqual([]);
    const left = await kit.deps.pool.query(
      "SELECT 1 FROM webhook_deliveries WHERE payload::text LIKE '%gone@example.com%'",
    );
    expect(left.rowCount).toBe(0);
  });

  it('the confirmation link records lead.confirmed with the confirmation, and queues it', async () => {
    const page = await kit.api('POST', '/v1/pages', {
      key,
      body: { handle: 'confirm-page', title: 'Confirm' },
    });
    const pageId = (await kit.json<Envelope<{ id: string }>>(page)).data.id;
    const hook = await create({ ...WEBHOOK, events: ['lead.confirmed'] }, { token: kit.owner.token });
    const hookId = (await kit.json<Envelope<WebhookEndpoint>>(hook)).data.id;
    const token = newLeadToken();
    await kit.deps.pool.query(
      `INSERT INTO leads (workspace_id, page_id, email, status, confirm_token_hash, confirm_expires_at)
       VALUES ($1, $2, 'later@example.com', 'pending', $3, now() + interval '1 day')`,
      [kit.owner.workspaceId, pageId, token.hash],
    );
    expect(await deliveriesOf(hookId)).toEqual([]);
    const confirmed = await kit.app.request('/api/leads/confirm', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${token.token}`,
    });
    expect(confirmed.status).toBe(200);
    const [delivery] = await deliveriesOf(hookId);
    expect(delivery?.event_type).toBe('lead.confirmed');
    expect(delivery?.payload.data).toMatchObject({ email: 'later@example.com', status: 'confirmed' });
    expect(await queued(`whd-${delivery?.id ?? ''}`)).toEqual({
      endpoint_id: hookId,
      event_id: expect.any(String),
    });
  });

  it('caps the endpoints of a workspace, so one change fans out to a bounded number', async () => {
    const stranger = await kit.key(['webhooks:read', 'webhooks:write'], 'other');
    for (let i = 0; i < MAX_ENDPOINTS; i++)
      expect(
        (await create({ ...WEBHOOK, url: `https://hooks.example.com/${i}` }, { key: stranger })).status,
      ).toBe(201);
    const over = await create(WEBHOOK, { key: stranger });
    expect(over.status).toBe(400);
    expect((await kit.json<ErrorBody>(over)).error.details[0]).toMatchObject({
      field: 'url',
      issue: 'too_many_endpoints',
    });
  });

  it('the push door runs the same commands: an allowed change applies, a refused one changes nothing', async () => {
    const endpoint = (await kit.json<Envelope<WebhookEndpoint>>(await create(WEBHOOK))).data;
    const before = await kit.count('webhook_endpoints');
    const clientID = `c-${randomUUID()}`;
    const push = await kit.call('POST', '/replicache/push', {
      token: kit.owner.token,
      body: {
        pushVersion: 1,
        clientGroupID: `cg-${randomUUID()}`,
        profileID: 'p',
        schemaVersion: '',
        mutations: [
          {
            clientID,
            id: 1,
            name: 'updateWebhookEndpoint',
            args: { id: endpoint.id, workspace_id: kit.owner.workspaceId, enabled: false },
            timestamp: 0,
          },
          {
            clientID,
            id: 2,
            name: 'createWebhookEndpoint',
            args: {
              id: randomUUID(),
              workspace_id: kit.owner.workspaceId,
              kind: 'webhook',
              url: 'https://intranet.example.com/hook',
              events: ['link.created'],
            },
            timestamp: 0,
          },
        ],
      },
    });
    expect(push.status).toBe(200);
    const shown = await kit.api('GET', `/v1/webhooks/${endpoint.id}`, { key });
    expect((await kit.json<Envelope<WebhookEndpoint>>(shown)).data.status).toBe('disabled');
    expect(await kit.count('webhook_endpoints')).toBe(before);
  });
});
