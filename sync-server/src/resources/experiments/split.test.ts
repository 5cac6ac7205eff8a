import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentView } from '@linkhub/shared/experiments/schemas';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { parseRedirectPayload } from '@linkhub/shared/cache/payload';
import { startV1Kit, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

/**
 * One A/B concept per link (D-515): a test never silently overrides a link's weighted split, and a
 * split cannot be set while a test decides.
 */
let kit: V1Kit;
let key: string;
const SCOPES = ['links:read', 'links:write', 'experiments:read', 'experiments:write'];

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(SCOPES);
});
afterAll(async () => kit.stop());

const SPLIT = [
  { url: 'https://example.com/left', weight: 60 },
  { url: 'https://example.com/right', weight: 40 },
];

async function newLink(destinations: unknown[] = SPLIT): Promise<{ id: string; slug: string }> {
  const res = await kit.api('POST', '/v1/links', {
    key,
    body: { destination_url: 'https://example.com/main', destinations },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as Envelope<{ id: string; slug: string }>).data;
}

const testBody = (resourceId: string, extra: Record<string, unknown> = {}) => ({
  resource_type: 'link',
  resource_id: resourceId,
  name: 'Landing test',
  variants: [
    { key: 'a', name: 'A', weight: 5000, is_control: true },
    { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/b' },
  ],
  ...extra,
});

const splitOf = async (linkId: string) =>
  (
    await kit.deps.pool.query<{ destinations: unknown[] }>('SELECT destinations FROM links WHERE id = $1', [
      linkId,
    ])
  ).rows[0]?.destinations;
const experimentsOn = async (linkId: string) =>
  (await kit.deps.pool.query('SELECT id FROM experiments WHERE resource_id = $1', [linkId])).rowCount;
const payloadAt = async (slug: string) => {
  const raw = await kit.deps.redis.get(
    redirectKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.LINK_HOST, slug),
  );
  return raw === null ? null : parseRedirectPayload(raw);
};

describe('starting a test on a link that splits', () => {
  it('is refused with 409 split_active naming the split, and nothing is written', async () => {
    const link = await newLink();
    const res = await kit.api('POST', '/v1/experiments', { key, body: testBody(link.id) });
    expect(res.status).toBe(409);
    const error = ((await res.json()) as ErrorBody).error;
    expect(error.code).toBe('split_active');
    expect(error.message).toContain('2 destinations');
    expect(error.message).toContain('60 % to https://example.com/left');
    expect(error.details[0]).toMatchObject({
      field: 'replace_split',
      issue: 'split_active',
      destinations: ['https://example.com/left', 'https://example.com/right'],
    });
    expect(await experimentsOn(link.id)).toBe(0);
    expect(await splitOf(link.id)).toHaveLength(2);
  });

  it('with replace_split: the split is cleared (kept in the link history) and the test decides alone', async () => {
    const link = await newLink();
    const created = await kit.api('POST', '/v1/experiments', {
      key,
      body: testBody(link.id, { replace_split: true }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const e = ((await created.json()) as Envelope<ExperimentView>).data;
    expect(e.variants.find((v) => v.is_control)?.destination_url).toBe('https://example.com/main');
    expect(await splitOf(link.id)).toEqual([]);
    const history = await kit.deps.pool.query<{ change_summary: string; changes: unknown }>(
      `SELECT v.change_summary, a.changes FROM link_versions v
         JOIN audit_log_entries a ON a.resource_id = v.link_id AND a.action = 'link.split_replaced'
        WHERE v.link_id = $1 AND v.change_summary = 'split replaced by an A/B test'`,
      [link.id],
    );
    expect(history.rows).toHaveLength(1);
    expect(JSON.stringify(history.rows[0]?.changes)).toContain('https://example.com/left');
    // The link's versions still hold the split it had before.
    const earlier = await kit.deps.pool.query<{ snapshot: { destinations: Array<{ url: string }> } }>(
      'SELECT snapshot FROM link_versions WHERE link_id = $1 ORDER BY version',
      [link.id],
    );
    expect(earlier.rows.some((r) => r.snapshot.destinations.length === 2)).toBe(true);

    expect((await kit.api('POST', `/v1/experiments/${e.id}/start`, { key, body: {} })).status).toBe(200);
    const served = await payloadAt(link.slug);
    expect(served?.destinations).toEqual([]);
    expect(served?.experiment?.id).toBe(e.id);
  });

  it('a split set on the link after the draft was made: start refuses, then replaces when asked', async () => {
    const link = await newLink([]);
    const created = await kit.api('POST', '/v1/experiments', { key, body: testBody(link.id) });
    expect(created.status).toBe(201);
    const e = ((await created.json()) as Envelope<ExperimentView>).data;
    const split = await kit.api('PATCH', `/v1/links/${link.id}`, { key, body: { destinations: SPLIT } });
    expect(split.status, await split.clone().text()).toBe(200);

    const refused = await kit.api('POST', `/v1/experiments/${e.id}/start`, { key, body: {} });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('split_active');
    const status = async () =>
      (await kit.deps.pool.query<{ status: string }>('SELECT status FROM experiments WHERE id = $1', [e.id]))
        .rows[0]?.status;
    expect(await status()).toBe('draft');
    expect(await splitOf(link.id)).toHaveLength(2);

    const started = await kit.api('POST', `/v1/experiments/${e.id}/start`, {
      key,
      body: { replace_split: true },
    });
    expect(started.status, await started.clone().text()).toBe(200);
    expect(await status()).toBe('running');
    expect(await splitOf(link.id)).toEqual([]);
  });
});

describe('setting a split while a test decides', () => {
  it('is refused with 409 experiment_running naming the test; clearing it and other edits still work', async () => {
    const link = await newLink([]);
    const created = await kit.api('POST', '/v1/experiments', { key, body: testBody(link.id) });
    const e = ((await created.json()) as Envelope<ExperimentView>).data;
    expect((await kit.api('POST', `/v1/experiments/${e.id}/start`, { key, body: {} })).status).toBe(200);

    const res = await kit.api('PATCH', `/v1/links/${link.id}`, { key, body: { destinations: SPLIT } });
    expect(res.status).toBe(409);
    const error = ((await res.json()) as ErrorBody).error;
    expect(error.code).toBe('experiment_running');
    expect(error.message).toContain('"Landing test"');
    expect(error.details[0]).toMatchObject({
      field: 'destinations',
      issue: 'experiment_running',
      experiment_id: e.id,
    });
    expect(await splitOf(link.id)).toEqual([]);
    const title = await kit.api('PATCH', `/v1/links/${link.id}`, {
      key,
      body: { title: 'Still editable', destinations: [] },
    });
    expect(title.status, await title.clone().text()).toBe(200);

    // Paused, the test still holds the link (it resumes); ended, the split may come back.
    expect((await kit.api('POST', `/v1/experiments/${e.id}/pause`, { key, body: {} })).status).toBe(200);
    expect(
      (await kit.api('PATCH', `/v1/links/${link.id}`, { key, body: { destinations: SPLIT } })).status,
    ).toBe(409);
    expect((await kit.api('POST', `/v1/experiments/${e.id}/conclude`, { key, body: {} })).status).toBe(200);
    expect(
      (await kit.api('PATCH', `/v1/links/${link.id}`, { key, body: { destinations: SPLIT } })).status,
    ).toBe(200);
  });
});
