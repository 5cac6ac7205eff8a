import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { DASHBOARD_DIMENSIONS } from '@linkhub/shared/analytics/dashboard';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import { startHarness, type Harness } from '../analytics/harness';

/**
 * The analytics dashboard's doors under any query string: never a 5xx, an error is always the one
 * envelope, and a refused request writes nothing.
 */
let h: Harness;
let shareToken = '';
beforeAll(async () => {
  h = await startHarness({ plan: 'pro', timeZone: 'Asia/Kolkata' });
  const res = await h.app.request(`/v1/analytics/shares?workspace_id=${h.workspaceId}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${h.session}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Everything', selection: { period: '7d' } }),
  });
  shareToken =
    new URL(((await res.json()) as { data: { url: string } }).data.url).pathname.split('/')[2] ?? '';
});
afterAll(async () => h.stop());
beforeEach(async () => {
  const keys = await h.deps.redis.keys(`${rateLimitKey(h.deps.config.REDIS_PREFIX, '', '').slice(0, -2)}*`);
  if (keys.length > 0) await h.deps.redis.del(...keys);
});

const KEYS = [
  'period',
  'from',
  'to',
  'resource_id',
  'tag',
  'domain',
  'workspace_id',
  'limit',
  'x',
  '__proto__',
  ...DASHBOARD_DIMENSIONS,
];
const VALUES = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '',
    '7d',
    'custom',
    '90d',
    '2026-10-01',
    '2026-10-01T00:00:00Z',
    '1970-01-01T00:00:00+14:00',
    '9999-12-31',
    '00000000-0000-0000-0000-000000000000',
    'FR',
    "'; DROP TABLE click_events; --",
    '\u0000',
    'x'.repeat(300),
    '%',
  ),
);
const query = fc
  .array(fc.tuple(fc.constantFrom(...KEYS), VALUES), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));

const envelope = (body: unknown) =>
  expect(body).toMatchObject({
    error: {
      code: expect.any(String),
      message: expect.any(String),
      details: expect.any(Array),
      request_id: expect.any(String),
    },
  });

const shareRows = async () =>
  (await h.deps.pool.query('SELECT id, revoked_at FROM dashboard_shares ORDER BY id')).rows;

describe('dashboard and share doors', () => {
  test.prop([query], { numRuns: 60 })(
    'GET /v1/analytics/dashboard: 200 or the envelope, never 5xx',
    async (q) => {
      const res = await h.app.request(`/v1/analytics/dashboard?workspace_id=${h.workspaceId}&${q}`, {
        headers: { Authorization: `Bearer ${h.session}` },
      });
      expect(res.status).toBeLessThan(500);
      if (res.status !== 200) envelope(await res.json());
    },
  );

  test.prop([query], { numRuns: 40 })(
    'GET /share/:token with any query: the page (what it cannot read is ignored), or the envelope when rate limited',
    async (q) => {
      const res = await h.app.request(`/share/${shareToken}?${q}`);
      if (res.status === 429) envelope(await res.json());
      else {
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/html');
      }
    },
  );

  test.prop([fc.string({ maxLength: 80 })], { numRuns: 40 })(
    'GET /share/<anything>: never 5xx',
    async (token) => {
      const res = await h.app.request(`/share/${encodeURIComponent(token)}`);
      expect(res.status).toBe(token === shareToken ? 200 : 404);
    },
  );

  test.prop([fc.jsonValue({ maxDepth: 3 })], { numRuns: 60 })(
    'POST /v1/analytics/shares with any body: 201 or the envelope with nothing stored',
    async (body) => {
      const before = await shareRows();
      const res = await h.app.request(`/v1/analytics/shares?workspace_id=${h.workspaceId}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${h.session}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBeLessThan(500);
      if (res.status !== 201) {
        envelope(await res.json());
        expect(await shareRows()).toEqual(before);
      }
    },
  );

  test.prop([fc.jsonValue({ maxDepth: 2 })], { numRuns: 40 })(
    'PUT /v1/analytics/reports with any body: the setting or the envelope, the subscription unchanged on a refusal',
    async (body) => {
      const rows = async () =>
        (await h.deps.pool.query('SELECT frequency, user_id FROM analytics_report_subscriptions')).rows;
      const before = await rows();
      const res = await h.app.request(`/v1/analytics/reports?workspace_id=${h.workspaceId}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${h.session}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBeLessThan(500);
      if (res.status !== 200) {
        envelope(await res.json());
        expect(await rows()).toEqual(before);
      }
    },
  );

  test.prop([fc.constantFrom('name', 'selection', 'workspace_id', 'extra'), fc.jsonValue({ maxDepth: 2 })], {
    numRuns: 40,
  })('unknown keys are refused at every depth', async (key, value) => {
    const before = await shareRows();
    const body = { name: 'n', selection: { period: '7d', filters: { country: 'FR', [`x_${key}`]: value } } };
    const res = await h.app.request(`/v1/analytics/shares?workspace_id=${h.workspaceId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.session}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    envelope(await res.json());
    expect(await shareRows()).toEqual(before);
  });
});
