import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintClickId } from '@linkhub/shared/server/experiments/click-id';
import { clickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import type { ExperimentView } from '@linkhub/shared/experiments/schemas';
import { webhookPayloadSchema } from '@linkhub/shared/webhooks/events';
import { conversionRecordedSchema } from '@linkhub/shared/webhooks/traffic-events';
import type { WebhookEndpoint, WebhookEndpointCreated } from '@linkhub/shared/webhooks/schemas';
import { ALL_SCOPES, startV1Kit, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

/**
 * Event webhooks through `/v1`: an endpoint subscribes to traffic events with a resource filter
 * (set, changed, cleared, refused when malformed), and a counted conversion records
 * `conversion.recorded` in its own transaction — a repeat of the same visitor-day records nothing.
 */
const KEY = `k1:${'e'.repeat(40)}`;
let kit: V1Kit;
let key = '';
beforeAll(async () => {
  kit = await startV1Kit({}, { CLICK_ID_KEY: KEY, CLICK_ID_PREVIOUS_KEYS: '' });
  key = await kit.key([
    ...ALL_SCOPES,
    'webhooks:read',
    'webhooks:write',
    'experiments:read',
    'experiments:write',
  ]);
});
afterAll(async () => kit.stop());

const created = async <T>(res: Response): Promise<T> => {
  expect(res.status).toBeLessThan(300);
  return ((await res.json()) as Envelope<T>).data;
};

describe('event webhooks through /v1', () => {
  it('subscribes to link.clicked for chosen links, changes and clears the filter, refuses a bad one', async () => {
    const link = await created<{ id: string }>(
      await kit.api('POST', '/v1/links', { key, body: { destination_url: 'https://example.com/a' } }),
    );
    const endpoint = await created<WebhookEndpointCreated>(
      await kit.api('POST', '/v1/webhooks', {
        key,
        body: {
          kind: 'webhook',
          url: 'https://hooks.example.com/clicks',
          events: ['link.clicked', 'qr.scanned'],
          resource_ids: [link.id, link.id],
        },
      }),
    );
    expect(endpoint).toMatchObject({ events: ['link.clicked', 'qr.scanned'], resource_ids: [link.id] });
    const cleared = await created<WebhookEndpoint>(
      await kit.api('PATCH', `/v1/webhooks/${endpoint.id}`, { key, body: { resource_ids: null } }),
    );
    expect(cleared.resource_ids).toBeNull();
    const bad = await kit.api('PATCH', `/v1/webhooks/${endpoint.id}`, {
      key,
      body: { resource_ids: ['not-a-uuid'] },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.code).toBeTruthy();
    const listed = await created<WebhookEndpoint>(
      await kit.api('GET', `/v1/webhooks/${endpoint.id}`, { key }),
    );
    expect(listed.resource_ids).toBeNull();
  });

  it('records conversion.recorded once per counted conversion', async () => {
    const { rows } = await kit.deps.pool.query<{ id: string }>(
      "INSERT INTO webhook_endpoints (workspace_id, url, events, secret_ciphertext) VALUES ($1, 'https://hooks.example.com/c', '{conversion.recorded}', 'x') RETURNING id",
      [kit.owner.workspaceId],
    );
    const endpointId = rows[0]?.id ?? '';
    const link = await created<{ id: string }>(
      await kit.api('POST', '/v1/links', { key, body: { destination_url: 'https://example.com/b' } }),
    );
    const experiment = await created<ExperimentView>(
      await kit.api('POST', '/v1/experiments', {
        key,
        body: {
          resource_type: 'link',
          resource_id: link.id,
          name: 'Checkout test',
          variants: [
            { key: 'a', name: 'A', weight: 5000, is_control: true },
            { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/c' },
          ],
        },
      }),
    );
    await created(await kit.api('POST', `/v1/experiments/${experiment.id}/start`, { key, body: {} }));
    const variantId = experiment.variants.find((v) => v.key === 'b')?.id ?? '';
    const clickId = mintClickId(clickIdKeyring({ CLICK_ID_KEY: KEY, CLICK_ID_PREVIOUS_KEYS: '' }), {
      experimentId: experiment.id,
      armPeriod: 1,
      variantId,
      at: new Date(),
      visitorKey: '00000000000000ab',
    });
    for (const counted of [true, false]) {
      const res = await kit.api('POST', '/v1/conversions', { key, body: { click_id: clickId } });
      expect(((await res.json()) as Envelope<{ counted: boolean }>).data.counted).toBe(counted);
    }
    const deliveries = await kit.deps.pool.query<{ payload: unknown }>(
      'SELECT payload FROM webhook_deliveries WHERE endpoint_id = $1',
      [endpointId],
    );
    expect(deliveries.rows).toHaveLength(1);
    const payload = webhookPayloadSchema.parse(deliveries.rows[0]?.payload);
    expect(payload.type).toBe('conversion.recorded');
    expect(conversionRecordedSchema.parse(payload.data)).toMatchObject({
      experiment_id: experiment.id,
      variant_id: variantId,
      source: 'api',
    });
  });
});
