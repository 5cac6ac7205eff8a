import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, expect } from 'vitest';
import { startV1Kit, type V1Kit } from '../../testing/v1-kit';

/**
 * The webhooks door: random methods, ids, query strings and JSON bodies (near-valid ones
 * with an unknown key at some depth, bad URLs, bad events, camelCase keys) with an API key and with
 * a member's session. Never a 5xx, always the one envelope on a refusal, and a refusal changes no
 * endpoint and records no delivery.
 */
let kit: V1Kit;
let key = '';
let endpointId = '';
/** One the random requests never name (they may delete `endpointId`). */
let portEndpointId = '';

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(['webhooks:read', 'webhooks:write']);
  const res = await kit.api('POST', '/v1/webhooks', {
    key,
    body: { kind: 'webhook', url: 'https://hooks.example.com/keep', events: ['link.created'] },
  });
  endpointId = ((await res.json()) as { data: { id: string } }).data.id;
  const other = await kit.api('POST', '/v1/webhooks', {
    key,
    body: { kind: 'webhook', url: 'https://hooks.example.com/ports', events: ['link.created'] },
  });
  portEndpointId = ((await other.json()) as { data: { id: string } }).data.id;
});
afterAll(async () => kit.stop());

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.constantFrom(
    'https://hooks.example.com/x',
    'http://hooks.example.com/x',
    'https://intranet.example.com/',
    'https://127.0.0.1/',
    'https://hooks.example.com:25/x',
    'https://hooks.example.com:6379/x',
    'https://[2002:7f00:1::1]/x',
    'link.created',
    'lead.created',
    'webhook',
    'mailchimp',
    'convertkit',
  ),
);
const body = fc.oneof(
  fc.record(
    {
      kind: fc.constantFrom('webhook', 'mailchimp', 'convertkit', 'zapier'),
      url: scalar,
      events: fc.oneof(fc.array(scalar, { maxLength: 4 }), scalar),
      description: scalar,
      enabled: scalar,
      overlap_hours: scalar,
      page_id: scalar,
      api_key: scalar,
      list_id: scalar,
      form_id: scalar,
      eventTypes: scalar,
      nested: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 2 }),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
);
const route = fc.constantFrom(
  'GET /v1/webhooks',
  'POST /v1/webhooks',
  'GET /v1/webhooks/{id}',
  'PATCH /v1/webhooks/{id}',
  'DELETE /v1/webhooks/{id}',
  'POST /v1/webhooks/{id}/rotate-secret',
  'POST /v1/webhooks/{id}/test',
  'GET /v1/webhooks/{id}/deliveries',
  'POST /v1/webhooks/{id}/deliveries/{id}/replay',
);
const state = async () =>
  (
    await kit.deps.pool.query<{ state: string }>(
      `SELECT (SELECT json_agg(e ORDER BY e.id) FROM (SELECT id, url, events, status, description, secret_ciphertext, deleted_at
                FROM webhook_endpoints) e)::text || (SELECT count(*) FROM webhook_deliveries)::text AS state`,
    )
  ).rows[0]?.state;

test.prop([
  route,
  body,
  fc.oneof(fc.uuid(), fc.string({ maxLength: 12 }), fc.constant('own')),
  fc.dictionary(fc.constantFrom('workspace_id', 'status', 'limit', 'cursor'), fc.string({ maxLength: 20 }), {
    maxKeys: 3,
  }),
  fc.boolean(),
])(
  'any webhooks request: no 5xx, the envelope on refusal, nothing changed by a refusal',
  async (r, json, id, query, bySession) => {
    const [method = 'GET', template = ''] = r.split(' ');
    const path = template.replaceAll('{id}', encodeURIComponent(id === 'own' ? endpointId : id));
    const search = new URLSearchParams(query);
    if (bySession) search.set('workspace_id', kit.owner.workspaceId);
    const before = await state();
    const res = await kit.app.request(`${path}?${search.toString()}`, {
      method,
      headers: {
        Authorization: `Bearer ${bySession ? kit.owner.token : key}`,
        'Content-Type': 'application/json',
      },
      ...(method === 'GET' ? {} : { body: JSON.stringify(json) }),
    });
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) {
      expect(await res.json()).toMatchObject({
        error: {
          code: expect.any(String),
          message: expect.any(String),
          details: expect.any(Array),
          request_id: expect.any(String),
        },
      });
      expect(await state()).toBe(before);
    }
  },
);

test.prop([fc.integer({ min: 1, max: 65_535 }).filter((p) => p !== 80 && p !== 443), fc.boolean()])(
  'a webhook address on any port but 443 and 80 is refused 422 naming the url, created or changed',
  async (port, patch) => {
    const before = await state();
    const url = `https://hooks.example.com:${port}/hook`;
    const res = patch
      ? await kit.api('PATCH', `/v1/webhooks/${portEndpointId}`, { key, body: { url } })
      : await kit.api('POST', '/v1/webhooks', {
          key,
          body: { kind: 'webhook', url, events: ['link.created'] },
        });
    expect(res.status).toBe(422);
    const body = (await res.json()) as {
      error: { code: string; details: { field: string; reason: string }[] };
    };
    expect(body.error.code).toBe('destination_unsafe');
    expect(body.error.details[0]).toMatchObject({ field: 'url', reason: 'port' });
    expect(await state()).toBe(before);
  },
);
