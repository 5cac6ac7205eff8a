import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, expect } from 'vitest';
import { startV1Kit, type V1Kit } from '../../testing/v1-kit';

/**
 * The leads door and the mailed links: random query strings, ids, tokens and bodies with
 * a member's session. Never a 5xx, the one envelope on every /v1 refusal, and no lead row changed
 * by a refusal.
 */
let kit: V1Kit;
let leadId = '';

beforeAll(async () => {
  kit = await startV1Kit();
  const bio = await kit.deps.pool.query<{ id: string }>('SELECT id FROM custom_domains WHERE hostname = $1', [
    kit.deps.config.BIO_HOST,
  ]);
  const page = await kit.deps.pool.query<{ id: string }>(
    "INSERT INTO bio_pages (workspace_id, domain_id, handle) VALUES ($1, $2, 'prop') RETURNING id",
    [kit.owner.workspaceId, bio.rows[0]?.id],
  );
  const lead = await kit.deps.pool.query<{ id: string }>(
    "INSERT INTO leads (workspace_id, page_id, email) VALUES ($1, $2, 'keep@example.com') RETURNING id",
    [kit.owner.workspaceId, page.rows[0]?.id],
  );
  leadId = lead.rows[0]?.id ?? '';
});
afterAll(async () => kit.stop());

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.uuid(),
  fc.constant(''),
);
const query = fc.dictionary(fc.constantFrom('workspace_id', 'page_id', 'q', 'cursor', 'limit', 'x'), text, {
  maxKeys: 5,
});
const leadCount = async () =>
  Number((await kit.deps.pool.query<{ n: string }>('SELECT count(*) AS n FROM leads')).rows[0]?.n ?? 0);

test.prop([
  fc.constantFrom(
    'GET /v1/leads',
    'GET /v1/leads/counts',
    'DELETE /v1/leads/{id}',
    'POST /v1/leads/exports',
    'GET /v1/leads/exports/{id}',
    'GET /v1/leads/exports/{id}/download',
    'GET /api/leads/confirm',
    'POST /api/leads/confirm',
    'POST /api/leads/unsubscribe',
  ),
  query,
  fc.option(text),
  fc.boolean(),
])(
  'any leads request: no 5xx, the envelope on /v1 refusals, nothing erased by a refusal',
  async (route, params, id, useOwnWorkspace) => {
    const [method = 'GET', template = ''] = route.split(' ');
    const search = new URLSearchParams(params);
    if (useOwnWorkspace && template.startsWith('/v1')) search.set('workspace_id', kit.owner.workspaceId);
    const path = template.replace('{id}', encodeURIComponent(id ?? 'x'));
    const before = await leadCount();
    const res = await kit.app.request(`${path}?${search.toString()}`, {
      method,
      headers: {
        Authorization: `Bearer ${kit.owner.token}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      ...(method === 'POST' ? { body: new URLSearchParams({ token: id ?? '' }).toString() } : {}),
    });
    expect(res.status).toBeLessThan(500);
    if (template.startsWith('/v1') && res.status >= 400) {
      const body: unknown = await res.json();
      expect(body).toMatchObject({
        error: {
          code: expect.any(String),
          message: expect.any(String),
          details: expect.any(Array),
          request_id: expect.any(String),
        },
      });
      expect(await leadCount()).toBe(before);
    }
    expect((await kit.deps.pool.query('SELECT 1 FROM leads WHERE id = $1', [leadId])).rowCount).toBe(1);
  },
);
