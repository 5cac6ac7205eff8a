import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@linkhub/shared/errors/app-error';
import { createSecretBox } from '@linkhub/shared/server/crypto/secret-box';
import { startCommandKit, type CommandKit } from '../../testing/command-kit';
import { MAX_ENDPOINTS } from './commands';

/** Webhook endpoints and ESP adapters, through the command runner (their door is /v1/webhooks). */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit('business');
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

const refusal = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, details: e.details };
    throw e;
  }
  return null;
};
async function endpoint(extra: Record<string, unknown> = {}): Promise<{ id: string; secret: string }> {
  const id = randomUUID();
  const result = await kit.run('createWebhookEndpoint', {
    id,
    workspace_id: ws,
    kind: 'webhook',
    url: 'https://hooks.example.com/in',
    events: ['link.created'],
    ...extra,
  });
  const value = result.value;
  const secret = typeof value === 'object' && value !== null && 'secret' in value ? value.secret : null;
  if (typeof secret !== 'string') throw new Error('no secret revealed');
  return { id, secret };
}
type Stored = {
  status: string;
  disabled_reason: string | null;
  secret_ciphertext: string;
  secret_last4: string;
  consecutive_failures: number;
};
async function stored(id: string): Promise<Stored | undefined> {
  const [row] = await kit.sql<Stored>(
    'SELECT status, disabled_reason, secret_ciphertext, secret_last4, consecutive_failures FROM webhook_endpoints WHERE id = $1',
    [id],
  );
  return row;
}
async function delivery(endpointId: string, status = 'failed'): Promise<string> {
  const [row] = await kit.sql<{ id: string }>(
    "INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, payload, status) VALUES ($1, $2, $3, 'link.created', '{}', $4) RETURNING id",
    [endpointId, ws, randomUUID(), status],
  );
  return row?.id ?? '';
}

describe('createWebhookEndpoint', () => {
  it('reveals the signing secret once and keeps it only sealed; the audit entry never holds it', async () => {
    const { id, secret } = await endpoint();
    const row = await stored(id);
    expect(row?.secret_ciphertext).not.toContain(secret);
    expect(
      createSecretBox(kit.deps.config.AUTH_SECRET)
        .open(row?.secret_ciphertext ?? '')
        .toString('utf8'),
    ).toBe(secret);
    expect(row?.secret_last4).toBe(secret.slice(-4));
    const audits = await kit.sql('SELECT * FROM audit_log_entries WHERE resource_id = $1', [id]);
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(secret);
  });

  it('refuses an address on a private network or off the web ports, writing nothing', async () => {
    const privateId = randomUUID();
    expect(
      await refusal(
        kit.run('createWebhookEndpoint', {
          id: privateId,
          workspace_id: ws,
          kind: 'webhook',
          url: 'https://intranet.example.com/in',
          events: ['link.created'],
        }),
      ),
    ).toMatchObject({ code: 'destination_unsafe', details: [{ field: 'url' }] });
    expect(
      await refusal(
        kit.run('createWebhookEndpoint', {
          id: randomUUID(),
          workspace_id: ws,
          kind: 'webhook',
          url: 'https://hooks.example.com:8443/in',
          events: ['link.created'],
        }),
      ),
    ).toMatchObject({ code: 'destination_unsafe', details: [{ field: 'url', reason: 'port' }] });
    expect(await stored(privateId)).toBeUndefined();
  });

  it('an ESP adapter needs a page of the workspace and reveals no secret', async () => {
    const esp = {
      workspace_id: ws,
      kind: 'mailchimp',
      api_key: '0123456789abcdef0123456789abcdef-us21',
      list_id: 'abc123',
    };
    expect(
      await refusal(kit.run('createWebhookEndpoint', { ...esp, id: randomUUID(), page_id: randomUUID() })),
    ).toMatchObject({
      code: 'not_found',
      details: [{ field: 'page_id' }],
    });
    const page = randomUUID();
    await kit.run('createPage', { id: page, workspace_id: ws, handle: 'news', title: 'News' });
    const result = await kit.run('createWebhookEndpoint', { ...esp, id: randomUUID(), page_id: page });
    expect(result.value).toEqual({ secret: null, previous_secret_expires_at: null });
  });
});

describe('updateWebhookEndpoint', () => {
  it('turning off records why; turning on again clears the failure count', async () => {
    const { id } = await endpoint();
    await kit.run('updateWebhookEndpoint', { id, workspace_id: ws, enabled: false });
    expect(await stored(id)).toMatchObject({ status: 'disabled', disabled_reason: 'turned_off' });
    await kit.sql('UPDATE webhook_endpoints SET consecutive_failures = 9 WHERE id = $1', [id]);
    await kit.run('updateWebhookEndpoint', { id, workspace_id: ws, enabled: true });
    expect(await stored(id)).toMatchObject({
      status: 'active',
      disabled_reason: null,
      consecutive_failures: 0,
    });
  });
});

describe('rotateWebhookSecret', () => {
  it('a new secret, the previous one honoured for the overlap window; none kept without overlap', async () => {
    const { id, secret } = await endpoint();
    const rotated = await kit.run('rotateWebhookSecret', { id, workspace_id: ws, overlap_hours: 24 });
    const value = z
      .object({ secret: z.string(), previous_secret_expires_at: z.string() })
      .parse(rotated.value);
    expect(value.secret).not.toBe(secret);
    const hours = (Date.parse(value.previous_secret_expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const again = await kit.run('rotateWebhookSecret', { id, workspace_id: ws, overlap_hours: 0 });
    expect(again.value).toMatchObject({ previous_secret_expires_at: null });
  });
});

describe('replay, test and delete', () => {
  it('a replay queues the delivery again; a disabled endpoint refuses', async () => {
    const { id } = await endpoint();
    const sent = await delivery(id);
    const result = await kit.run('replayWebhookDelivery', { id, workspace_id: ws, delivery_id: sent });
    expect(result.value).toMatchObject({ delivery_id: sent });
    const [row] = await kit.sql<{ status: string; replays: number }>(
      'SELECT status, replays FROM webhook_deliveries WHERE id = $1',
      [sent],
    );
    expect(row).toEqual({ status: 'pending', replays: 1 });
    await kit.run('updateWebhookEndpoint', { id, workspace_id: ws, enabled: false });
    expect(
      await refusal(kit.run('replayWebhookDelivery', { id, workspace_id: ws, delivery_id: sent })),
    ).toMatchObject({
      code: 'invalid_state_transition',
    });
  });

  it('a test event goes to that endpoint only; the same event id twice is one delivery', async () => {
    const a = await endpoint({ events: ['link.updated'] });
    const b = await endpoint({ events: ['link.updated'] });
    const eventId = randomUUID();
    const first = await kit.run('sendTestWebhook', { id: a.id, workspace_id: ws, event_id: eventId });
    const second = await kit.run('sendTestWebhook', { id: a.id, workspace_id: ws, event_id: eventId });
    expect(second.value).toEqual(first.value);
    expect(
      await kit.sql(
        "SELECT 1 FROM webhook_deliveries WHERE event_type = 'webhook.test' AND endpoint_id = $1",
        [a.id],
      ),
    ).toHaveLength(1);
    expect(
      await kit.sql(
        "SELECT 1 FROM webhook_deliveries WHERE event_type = 'webhook.test' AND endpoint_id = $1",
        [b.id],
      ),
    ).toHaveLength(0);
  });

  it('deleting ends its pending deliveries as failed; a deleted endpoint is not found', async () => {
    const { id } = await endpoint();
    const pending = await delivery(id, 'pending');
    await kit.run('deleteWebhookEndpoint', { id, workspace_id: ws });
    const [row] = await kit.sql<{ status: string }>('SELECT status FROM webhook_deliveries WHERE id = $1', [
      pending,
    ]);
    expect(row?.status).toBe('failed');
    expect(await refusal(kit.run('deleteWebhookEndpoint', { id, workspace_id: ws }))).toMatchObject({
      code: 'not_found',
    });
  });

  it(`a workspace has at most ${MAX_ENDPOINTS} endpoints`, async () => {
    const [row] = await kit.sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_endpoints WHERE workspace_id = $1 AND deleted_at IS NULL',
      [ws],
    );
    for (let i = row?.n ?? 0; i < MAX_ENDPOINTS; i += 1) await endpoint();
    expect(
      await refusal(
        kit.run('createWebhookEndpoint', {
          id: randomUUID(),
          workspace_id: ws,
          kind: 'webhook',
          url: 'https://hooks.example.com/in',
          events: ['link.created'],
        }),
      ),
    ).toMatchObject({ code: 'validation_failed', details: [{ field: 'url', issue: 'too_many_endpoints' }] });
  });
});
