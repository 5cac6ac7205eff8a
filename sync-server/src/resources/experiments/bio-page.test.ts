import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSnapshotSchema } from '@linkhub/shared/blocks/snapshot';
import { pageKey } from '@linkhub/shared/cache/keys';
import type { ExperimentView } from '@linkhub/shared/experiments/schemas';
import { ALL_SCOPES, startV1Kit, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

/** Bio page experiments through `/v1/experiments` (D-279; D-276's refusal lifted). */
let kit: V1Kit;
let key: string;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key([...ALL_SCOPES, 'experiments:read', 'experiments:write']);
});
afterAll(async () => kit.stop());

type PageOut = { id: string; handle: string; blocks: Array<{ id: string; type: string }> };

async function publishedPage(handle: string): Promise<PageOut> {
  const res = await kit.api('POST', '/v1/pages', {
    key,
    body: {
      handle,
      title: 'Ada',
      blocks: [
        { type: 'header', text: 'Hi' },
        { type: 'link', title: 'Blog', url: 'https://example.com/blog' },
        { type: 'link', title: 'Shop', url: 'https://example.com/shop' },
      ],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const page = ((await res.json()) as Envelope<PageOut>).data;
  expect((await kit.api('POST', `/v1/pages/${page.id}/publish`, { key })).status).toBe(200);
  return page;
}

const snapshotAt = async (handle: string) => {
  const raw = await kit.deps.redis.get(
    pageKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.BIO_HOST, handle),
  );
  return raw === null ? null : pageSnapshotSchema.parse(JSON.parse(raw));
};

const createBody = (page: PageOut, variantB: Record<string, unknown>) => ({
  resource_type: 'bio_page',
  resource_id: page.id,
  name: 'Shop first?',
  variants: [
    { key: 'a', name: 'As published', weight: 5000, is_control: true },
    { key: 'b', name: 'Shop first', weight: 5000, ...variantB },
  ],
});

describe('bio page experiments at the REST door', () => {
  it('creates and starts a block-order test; the published snapshot then carries it, and a pause takes it out', async () => {
    const page = await publishedPage('ada-order');
    const [, blog, shop] = page.blocks.map((b) => b.id);
    const created = await kit.api('POST', '/v1/experiments', {
      key,
      body: createBody(page, { page: { block_order: [shop, blog] } }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const e = ((await created.json()) as Envelope<ExperimentView>).data;
    expect(e).toMatchObject({ resource_type: 'bio_page', goal: 'clicks', status: 'draft' });
    expect(e.variants.map((v) => v.page)).toEqual([null, { block_order: [shop, blog] }]);
    expect(e.variants.every((v) => v.destination_url === null)).toBe(true);

    const started = await kit.api('POST', `/v1/experiments/${e.id}/start`, { key, body: {} });
    expect(started.status, await started.clone().text()).toBe(200);
    const running = await snapshotAt(page.handle);
    expect(running?.experiment?.id).toBe(e.id);
    expect(running?.experiment?.variants).toEqual([
      { id: e.variants[0]?.id, weight: 5000 },
      { id: e.variants[1]?.id, weight: 5000, block_order: [shop, blog] },
    ]);

    expect((await kit.api('POST', `/v1/experiments/${e.id}/pause`, { key, body: {} })).status).toBe(200);
    expect((await snapshotAt(page.handle))?.experiment).toBeUndefined();
  });

  it('creates a label/URL test on one link block, with a chosen goal block', async () => {
    const page = await publishedPage('ada-label');
    const [, blog, shop] = page.blocks.map((b) => b.id);
    const res = await kit.api('POST', '/v1/experiments', {
      key,
      body: {
        ...createBody(page, {
          page: { block: { id: shop, label: 'Shop the sale', url: 'https://example.com/sale' } },
        }),
        goal_block_id: shop,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const e = ((await res.json()) as Envelope<ExperimentView>).data;
    expect(e.variants[1]?.page).toEqual({
      block: { id: shop, label: 'Shop the sale', url: 'https://example.com/sale' },
    });
    expect(blog).toBeDefined();
  });

  it('stores a variant’s link URL normalised, as any URL at the door (IDN host to punycode, path percent-encoded)', async () => {
    const page = await publishedPage('ada-normalised');
    const [, , shop] = page.blocks.map((b) => b.id);
    const res = await kit.api('POST', '/v1/experiments', {
      key,
      body: createBody(page, { page: { block: { id: shop, url: ' https://exämple.com/ü ber ' } } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const e = ((await res.json()) as Envelope<ExperimentView>).data;
    expect(e.variants[1]?.page?.block?.url).toBe('https://xn--exmple-cua.com/%C3%BC%20ber');
    const stored = await kit.deps.pool.query<{ url: string }>(
      "SELECT payload #>> '{block,url}' AS url FROM experiment_variants WHERE experiment_id = $1 AND key = 'b'",
      [e.id],
    );
    expect(stored.rows[0]?.url).toBe('https://xn--exmple-cua.com/%C3%BC%20ber');
  });

  it('refuses a variant link URL the click hop must not send visitors to (the link block check)', async () => {
    const page = await publishedPage('ada-unsafe');
    const [, , shop] = page.blocks.map((b) => b.id);
    const before = await kit.count('experiments');
    const res = await kit.api('POST', '/v1/experiments', {
      key,
      body: createBody(page, { page: { block: { id: shop, url: 'https://intranet.example.com/' } } }),
    });
    expect(res.status).toBe(422);
    const error = ((await res.json()) as ErrorBody).error;
    expect(error.code).toBe('destination_unsafe');
    expect(error.details[0]).toMatchObject({ field: 'variants.1.page.block.url' });
    expect(await kit.count('experiments')).toBe(before);
  });

  it('refuses a destination, a block the page does not have, a non-link block to relabel, and a page change on a link test; nothing stored', async () => {
    const page = await publishedPage('ada-refused');
    const [header] = page.blocks.map((b) => b.id);
    const before = await kit.count('experiments');
    const cases: Array<[Record<string, unknown>, string]> = [
      [createBody(page, { destination_url: 'https://example.com/b' }), 'not_supported'],
      [createBody(page, { page: { block_order: ['not-a-block'] } }), 'not_found'],
      [createBody(page, { page: { block: { id: header, label: 'Hello' } } }), 'not_found'],
    ];
    for (const [body, issue] of cases) {
      const res = await kit.api('POST', '/v1/experiments', { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = ((await res.json()) as ErrorBody).error;
      expect(error.code).toBe('validation_failed');
      expect(error.details[0]).toMatchObject({ issue });
    }
    const link = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/a' },
    });
    const linkId = ((await link.json()) as Envelope<{ id: string }>).data.id;
    const onLink = await kit.api('POST', '/v1/experiments', {
      key,
      body: {
        ...createBody(page, { page: { block_order: [header] } }),
        resource_type: 'link',
        resource_id: linkId,
      },
    });
    expect(onLink.status).toBe(400);
    expect(await kit.count('experiments')).toBe(before);
  });
});

type PageRead = { blocks: Array<{ id: string; type: string; title?: string; url?: string }> };

const draftOf = async (id: string) =>
  ((await (await kit.api('GET', `/v1/pages/${id}`, { key })).json()) as Envelope<PageRead>).data;

const audits = async (resourceId: string) =>
  (
    await kit.deps.pool.query<{ action: string; after: Record<string, unknown> | null }>(
      "SELECT action, changes->'after' AS after FROM audit_log_entries WHERE resource_id = $1 ORDER BY occurred_at, id",
      [resourceId],
    )
  ).rows;

const versionKinds = async (pageId: string) =>
  (
    await kit.deps.pool.query<{ kind: string }>(
      'SELECT kind FROM bio_page_versions WHERE page_id = $1 ORDER BY version',
      [pageId],
    )
  ).rows.map((r) => r.kind);

async function runningTest(page: PageOut, variantB: Record<string, unknown>): Promise<ExperimentView> {
  const created = await kit.api('POST', '/v1/experiments', { key, body: createBody(page, variantB) });
  expect(created.status, await created.clone().text()).toBe(201);
  const e = ((await created.json()) as Envelope<ExperimentView>).data;
  expect((await kit.api('POST', `/v1/experiments/${e.id}/start`, { key, body: {} })).status).toBe(200);
  return e;
}

describe('promoting a bio page winner (D-320)', () => {
  it('writes the winning order into the draft, versioned and audited, and publishes it when the page had no unpublished edits', async () => {
    const page = await publishedPage('ada-promote-order');
    const hooksKey = await kit.key(['webhooks:write']);
    const hook = await kit.api('POST', '/v1/webhooks', {
      key: hooksKey,
      body: { kind: 'webhook', url: 'https://hooks.example.com/pages', events: ['bio_page.published'] },
    });
    expect(hook.status, await hook.clone().text()).toBe(201);
    const endpointId = ((await hook.json()) as Envelope<{ id: string }>).data.id;
    const [header, blog, shop] = page.blocks.map((b) => b.id);
    const e = await runningTest(page, { page: { block_order: [shop, blog] } });
    const kindsBefore = await versionKinds(page.id);

    const promoted = await kit.api('POST', `/v1/experiments/${e.id}/promote`, {
      key,
      body: { winner_variant_key: 'b' },
    });
    expect(promoted.status, await promoted.clone().text()).toBe(200);
    expect(((await promoted.json()) as Envelope<ExperimentView>).data.status).toBe('promoted');

    expect((await draftOf(page.id)).blocks.map((b) => b.id)).toEqual([shop, blog, header]);
    const live = await snapshotAt(page.handle);
    expect(live?.blocks.map((b) => b.id)).toEqual([shop, blog, header]);
    expect(live?.experiment).toBeUndefined();
    expect((await versionKinds(page.id)).slice(kindsBefore.length)).toEqual(['draft', 'published']);
    const pageAudit = await audits(page.id);
    expect(pageAudit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['bio_page.updated', 'bio_page.published']),
    );
    expect(
      pageAudit.find((a) => a.action === 'bio_page.updated' && a.after?.experiment_id === e.id),
    ).toBeDefined();
    const promotedAudit = (await audits(e.id)).find((a) => a.action === 'experiment.promoted');
    expect(promotedAudit?.after).toMatchObject({ winner_key: 'b', page_changed: true, published: true });
    const told = await kit.deps.pool.query<{ event_type: string; first: string }>(
      "SELECT event_type, payload #>> '{data,blocks,0,id}' AS first FROM webhook_deliveries WHERE endpoint_id = $1",
      [endpointId],
    );
    expect(told.rows).toEqual([{ event_type: 'bio_page.published', first: shop }]);
  });

  it('keeps unpublished edits unpublished: the winning label and URL go into the draft only', async () => {
    const page = await publishedPage('ada-promote-label');
    const [, , shop] = page.blocks.map((b) => b.id);
    const e = await runningTest(page, {
      page: { block: { id: shop, label: 'Shop the sale', url: 'https://example.com/sale' } },
    });
    // Someone edits the page after publishing and has not published yet.
    expect(
      (await kit.api('PATCH', `/v1/pages/${page.id}`, { key, body: { title: 'Ada (new)' } })).status,
    ).toBe(200);
    const promoted = await kit.api('POST', `/v1/experiments/${e.id}/promote`, {
      key,
      body: { winner_variant_key: 'b' },
    });
    expect(promoted.status, await promoted.clone().text()).toBe(200);

    const draftShop = (await draftOf(page.id)).blocks.find((b) => b.id === shop);
    expect(draftShop).toMatchObject({ title: 'Shop the sale', url: 'https://example.com/sale' });
    const live = await snapshotAt(page.handle);
    expect(live?.title).toBe('Ada');
    expect(live?.blocks.find((b) => b.id === shop)?.data).toMatchObject({ title: 'Shop' });
    expect(live?.experiment).toBeUndefined();
    const promotedAudit = (await audits(e.id)).find((a) => a.action === 'experiment.promoted');
    expect(promotedAudit?.after).toMatchObject({ page_changed: true, published: false });
  });

  it('promoting the control changes nothing on the page', async () => {
    const page = await publishedPage('ada-promote-control');
    const [, blog, shop] = page.blocks.map((b) => b.id);
    const e = await runningTest(page, { page: { block_order: [shop, blog] } });
    const kindsBefore = await versionKinds(page.id);
    const promoted = await kit.api('POST', `/v1/experiments/${e.id}/promote`, {
      key,
      body: { winner_variant_key: 'a' },
    });
    expect(promoted.status).toBe(200);
    expect((await draftOf(page.id)).blocks.map((b) => b.id)).toEqual(page.blocks.map((b) => b.id));
    expect(await versionKinds(page.id)).toEqual(kindsBefore);
  });
});

describe('any bio page variant at the REST door (fast-check)', () => {
  it('never a 5xx, always the envelope, nothing stored on a refusal', async () => {
    const { default: fc } = await import('fast-check');
    const page = await publishedPage('ada-fuzz');
    const ids = page.blocks.map((b) => b.id);
    const blockId = fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 70 }));
    const change = fc.oneof(
      fc.anything(),
      fc.record(
        {
          block_order: fc.oneof(fc.array(blockId, { maxLength: 5 }), fc.anything()),
          block: fc.oneof(
            fc.record(
              {
                id: blockId,
                label: fc.oneof(fc.string({ maxLength: 210 }), fc.anything()),
                url: fc.oneof(fc.webUrl(), fc.string(), fc.constant('javascript:alert(1)')),
              },
              { requiredKeys: ['id'] },
            ),
            fc.anything(),
          ),
          extra: fc.anything(),
        },
        { requiredKeys: [] },
      ),
    );
    const count = async () =>
      (
        await kit.deps.pool.query<{ n: string }>(
          'SELECT (SELECT count(*) FROM experiments) + (SELECT count(*) FROM experiment_variants) AS n',
        )
      ).rows[0]?.n;
    await fc.assert(
      fc.asyncProperty(change, fc.boolean(), async (pageChange, withUrl) => {
        const before = await count();
        const body = createBody(page, {
          page: pageChange,
          ...(withUrl ? { destination_url: 'https://example.com/b' } : {}),
        });
        const res = await kit.api('POST', '/v1/experiments', { key, raw: JSON.stringify(body) });
        expect(res.status).toBeLessThan(500);
        if (res.status === 201) {
          // A valid test was created: archive it so the next run's page has no active test in the way.
          const id = ((await res.json()) as Envelope<ExperimentView>).data.id;
          expect((await kit.api('POST', `/v1/experiments/${id}/archive`, { key, body: {} })).status).toBe(
            200,
          );
          return;
        }
        const error = ((await res.json()) as ErrorBody).error;
        expect(typeof error.code).toBe('string');
        expect(Array.isArray(error.details)).toBe(true);
        expect(typeof error.request_id).toBe('string');
        expect(await count()).toBe(before);
      }),
      { numRuns: 120 },
    );
  }, 120_000);
});
