import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, startV1Kit, type V1Kit } from '../../testing/v1-kit';
import { startStripeApiServer, type StripeApiServer } from '../../testing/billing/stripe-api-server';
import { TEST_PRICES, event, signed, stripeTestEnv, subscriptionObject } from '../../testing/billing/events';

/**
 * A downgrade never deletes or unpublishes: what exceeds the new plan's caps becomes read-only
 * (409 resource_locked), the most recently edited items stay editable, and the Owner chooses which.
 */
let kit: V1Kit;
let stripeApi: StripeApiServer;
let key = '';
const pages: string[] = [];
const customer = 'cus_test_downgrade';

beforeAll(async () => {
  stripeApi = await startStripeApiServer();
  kit = await startV1Kit({}, stripeTestEnv(stripeApi.url));
  await kit.deps.pool.query(
    'UPDATE billing_accounts SET stripe_customer_id = $2 WHERE id = (SELECT billing_account_id FROM workspaces WHERE id = $1)',
    [kit.owner.workspaceId, customer],
  );
  key = await kit.key(ALL_SCOPES);
  for (let i = 0; i < 3; i++) {
    const res = await kit.api('POST', '/v1/pages', {
      key,
      body: { handle: `downgrade-${i}`, title: `Page ${i}` },
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    expect((await kit.api('POST', `/v1/pages/${id}/publish`, { key })).status).toBe(200);
    pages.push(id);
  }
}, 90_000);

afterAll(async () => {
  await kit?.stop();
  await stripeApi?.close();
});

const deliver = async (payload: ReturnType<typeof event>) => {
  const request = signed(JSON.stringify(payload));
  const res = await kit.app.request('/webhooks/stripe', {
    method: 'POST',
    headers: request.headers,
    body: request.body,
  });
  expect(res.status).toBe(200);
};
const rename = (id: string, title: string) => kit.api('PATCH', `/v1/pages/${id}`, { key, body: { title } });
const locks = async () =>
  (
    await kit.deps.pool.query<{ id: string; locked: boolean; published: boolean }>(
      `SELECT id, edit_locked_at IS NOT NULL AS locked, published_at IS NOT NULL AND deleted_at IS NULL AS published
         FROM bio_pages WHERE workspace_id = $1 ORDER BY handle`,
      [kit.owner.workspaceId],
    )
  ).rows;
const editable = (body: unknown) =>
  kit.call('POST', `/api/workspaces/${kit.owner.workspaceId}/billing/editable`, {
    token: kit.owner.token,
    body,
  });

describe('downgrade', () => {
  it('cancellation to Free: one page stays editable (the most recently edited), the others are read-only and still published', async () => {
    const t0 = new Date(Date.now() - 30 * 86_400_000);
    const sub = (status: string) =>
      subscriptionObject({
        id: 'sub_test_down',
        customer,
        status,
        price: TEST_PRICES.STRIPE_PRICE_BUSINESS_MONTH,
        created: t0,
      });
    await deliver(event('customer.subscription.created', sub('active'), t0));
    expect((await rename(pages[0] ?? '', 'Edited last')).status).toBe(200);
    await deliver(event('customer.subscription.deleted', sub('canceled'), new Date()));
    expect(await locks()).toEqual([
      { id: pages[0], locked: false, published: true },
      { id: pages[1], locked: true, published: true },
      { id: pages[2], locked: true, published: true },
    ]);
    const refused = await rename(pages[1] ?? '', 'Nope');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('resource_locked');
    expect((await rename(pages[0] ?? '', 'Still editable')).status).toBe(200);
  });

  it('the Owner chooses which stay editable, within the cap', async () => {
    const tooMany = await editable({ resource_type: 'bio_page', keep_ids: [pages[1], pages[2]] });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: { details: unknown[] } }).error.details).toEqual([
      { field: 'keep_ids', issue: 'too_many', maximum: 1 },
    ]);
    const chosen = await editable({ resource_type: 'bio_page', keep_ids: [pages[2]] });
    expect(chosen.status).toBe(200);
    const view = (
      (await chosen.json()) as {
        data: {
          over_cap: Array<{
            resource_type: string;
            limit: number;
            items: Array<{ id: string; edit_locked: boolean }>;
          }>;
        };
      }
    ).data;
    expect(view.over_cap).toEqual([
      {
        resource_type: 'bio_page',
        limit: 1,
        items: expect.arrayContaining([
          expect.objectContaining({ id: pages[2], edit_locked: false }),
          expect.objectContaining({ id: pages[0], edit_locked: true }),
        ]) as unknown,
      },
    ]);
    expect((await rename(pages[2] ?? '', 'Chosen')).status).toBe(200);
    expect((await rename(pages[0] ?? '', 'Now locked')).status).toBe(409);
  });

  it('upgrading again makes everything editable', async () => {
    await deliver(
      event(
        'customer.subscription.created',
        subscriptionObject({
          id: 'sub_test_again',
          customer,
          status: 'active',
          price: TEST_PRICES.STRIPE_PRICE_PRO_MONTH,
          created: new Date(),
        }),
        new Date(),
      ),
    );
    expect((await locks()).every((p) => !p.locked && p.published)).toBe(true);
    expect((await rename(pages[1] ?? '', 'Editable again')).status).toBe(200);
  });
});
