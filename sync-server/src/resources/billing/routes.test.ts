import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { API_KEY_SCOPES } from '@linkhub/shared/permissions/scopes';
import { startBillingKit, type BillingKit } from '../../testing/billing/kit';
import { TEST_PRICES, event, invoiceObject, subscriptionObject } from '../../testing/billing/events';
import { TEST_CHECKOUT_HOST, TEST_PORTAL_HOST } from '../../testing/billing/stripe-api-server';
import { createTestApp, type TestApp } from '../../testing/app';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { syncServerEnvSchema } from '../../platform/env';
import { signUpOverHttp } from '../../testing/sign-up-over-http';

/** The billing routes through the real `stripe` SDK pointed at the local Stripe wire-format server. */
let kit: BillingKit;
type Person = { token: string; userId: string; workspaceId: string };
let owner: Person;
const members: Record<'admin' | 'editor' | 'viewer', string> = { admin: '', editor: '', viewer: '' };
type Json = {
  data: Record<string, unknown>;
  error?: { code: string; message: string; details: Array<Record<string, unknown>> };
};

beforeAll(async () => {
  kit = await startBillingKit();
  owner = await kit.signUp('billing-owner@example.com', { name: 'Olivia Owner' });
  for (const role of ['admin', 'editor', 'viewer'] as const) {
    const person = await kit.signUp(`billing-${role}@example.com`);
    await kit.deps.pool.query(
      'INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)',
      [owner.workspaceId, person.userId, role],
    );
    members[role] = person.token;
  }
}, 90_000);

afterAll(async () => {
  await kit?.close();
});

const ws = () => `/api/workspaces/${owner.workspaceId}`;
const post = (path: string, token: string, body: unknown = {}) => kit.call('POST', path, { token, body });
const stripeCalls = () => kit.stripeApi.requests.length;

describe('who reaches billing', () => {
  it('only the Owner reads the billing screen; every role reads the quota view, without prices or the invoice link', async () => {
    const mine = await kit.call('GET', `${ws()}/billing`, { token: owner.token });
    expect(mine.status).toBe(200);
    const view = ((await mine.json()) as { data: { stripe_configured: boolean; options: unknown[] } }).data;
    expect(view.stripe_configured).toBe(true);
    expect(view.options).toHaveLength(4);
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      const refused = await kit.call('GET', `${ws()}/billing`, { token: members[role] });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as Json).error?.code).toBe('insufficient_role');
      for (const path of ['/billing/checkout', '/billing/portal', '/billing/change-plan']) {
        const res = await post(
          `${ws()}${path}`,
          members[role],
          path === '/billing/portal' ? {} : { plan: 'pro', interval: 'month' },
        );
        expect(res.status).toBe(403);
      }
      const quota = await kit.call('GET', `${ws()}/quota`, { token: members[role] });
      expect(quota.status).toBe(200);
      const body = (await quota.json()) as {
        data: Record<string, unknown> & { billing: { invoice_url: unknown; owner: { name: string } } };
      };
      expect(body.data.plan).toBe('free');
      expect(body.data.billing.invoice_url).toBeNull();
      expect(body.data.billing.owner.name).toBe('Olivia Owner');
      expect(JSON.stringify(body)).not.toMatch(/price|amount|cents/);
    }
  });

  it('no API key of any scope reaches a billing route, and Stripe is never called', async () => {
    const before = stripeCalls();
    for (const scope of API_KEY_SCOPES) {
      const created = await kit.call('POST', `${ws()}/api-keys`, {
        token: owner.token,
        body: { name: scope, scopes: [scope] },
      });
      expect(created.status).toBe(201);
      const key = ((await created.json()) as { data: { key: string } }).data.key;
      const attempts = [
        await kit.call('GET', `${ws()}/billing`, { token: key }),
        await post(`${ws()}/billing/checkout`, key, { plan: 'pro', interval: 'month' }),
        await post(`${ws()}/billing/change-plan`, key, { plan: 'pro', interval: 'month' }),
        await post(`${ws()}/billing/portal`, key),
        await post(`${ws()}/billing/editable`, key, { resource_type: 'link', keep_ids: [] }),
      ];
      for (const res of attempts) {
        expect(res.status, scope).toBe(403);
        expect(((await res.json()) as Json).error?.code, scope).toBe('action_not_available_to_api_key');
      }
    }
    expect(stripeCalls()).toBe(before);
  });
});

describe("the editor's past-due banner", () => {
  it('reads the billing notice alone (no usage or read-only counts), and day 8 updates the stored writes_blocked the offline gate reads', async () => {
    const late = await kit.signUp('banner-owner@example.com', { name: 'Bea Banner' });
    const viewer = await kit.signUp('banner-viewer@example.com');
    await kit.deps.pool.query(
      "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')",
      [late.workspaceId, viewer.userId],
    );
    await kit.deps.pool.query(
      "UPDATE workspaces SET billing_status = 'past_due', past_due_since = now() - interval '10 days', writes_blocked = false WHERE id = $1",
      [late.workspaceId],
    );
    const res = await kit.call('GET', `/api/workspaces/${late.workspaceId}/quota/billing-notice`, {
      token: viewer.token,
    });
    expect(res.status).toBe(200);
    const notice = ((await res.json()) as Json).data;
    expect(notice).toEqual({
      notice: 'writes_blocked',
      status: 'past_due',
      dunning_day: expect.any(Number),
      writes_blocked: true,
      grace_ends_at: expect.any(String),
      invoice_url: null,
      owner: { name: 'Bea Banner', email: 'banner-owner@example.com' },
    });
    const stored = await kit.deps.pool.query<{ writes_blocked: boolean }>(
      'SELECT writes_blocked FROM workspaces WHERE id = $1',
      [late.workspaceId],
    );
    expect(stored.rows[0]?.writes_blocked).toBe(true);
    const outsider = await kit.call('GET', `/api/workspaces/${late.workspaceId}/quota/billing-notice`, {
      token: members.viewer,
    });
    expect(outsider.status).toBe(404); // not a member: the workspace is not revealed
  });
});

describe('upgrade and manage', () => {
  it('checkout: a customer is made once, the session names the configured price, the account, and the trial; the answer is the Checkout URL', async () => {
    const first = await post(`${ws()}/billing/checkout`, owner.token, { plan: 'pro', interval: 'year' });
    expect(first.status).toBe(200);
    const url = new URL(((await first.json()) as { data: { url: string } }).data.url);
    expect(url.host).toBe(TEST_CHECKOUT_HOST);
    const customers = kit.stripeApi.requests.filter((r) => r.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]?.form.email).toBe('billing-owner@example.com');
    expect(customers[0]?.idempotencyKey).toMatch(/^linkhub-customer-/);
    const session = kit.stripeApi.requests.findLast((r) => r.path === '/v1/checkout/sessions');
    const accountId = await kit.accountOf(owner.workspaceId);
    expect(session?.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': TEST_PRICES.STRIPE_PRICE_PRO_YEAR,
      'line_items[0][quantity]': '1',
      client_reference_id: accountId,
      'subscription_data[metadata][billing_account_id]': accountId,
      'subscription_data[trial_period_days]': '14',
      success_url: 'http://localhost:5173/billing?checkout=success',
    });
    expect(session?.authorization).toBe('Bearer sk_test_linkhub_local');
    await post(`${ws()}/billing/checkout`, owner.token, { plan: 'business', interval: 'month' });
    expect(kit.stripeApi.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
  });

  it('portal: a session for the account customer, returning to the billing screen', async () => {
    const res = await post(`${ws()}/billing/portal`, owner.token);
    expect(res.status).toBe(200);
    expect(new URL(((await res.json()) as { data: { url: string } }).data.url).host).toBe(TEST_PORTAL_HOST);
    const call = kit.stripeApi.requests.findLast((r) => r.path === '/v1/billing_portal/sessions');
    expect(call?.form).toMatchObject({ return_url: 'http://localhost:5173/billing' });
    expect(call?.form.customer).toMatch(/^cus_test_/);
  });

  it('after the subscription webhook: Pro; checkout again is 409; a plan change is prorated through the SDK', async () => {
    const { rows } = await kit.deps.pool.query<{ stripe_customer_id: string }>(
      'SELECT stripe_customer_id FROM billing_accounts WHERE id = $1',
      [await kit.accountOf(owner.workspaceId)],
    );
    const customer = rows[0]?.stripe_customer_id ?? '';
    const sub = subscriptionObject({
      id: 'sub_test_routes',
      customer,
      status: 'active',
      price: TEST_PRICES.STRIPE_PRICE_PRO_YEAR,
      created: new Date(),
    });
    kit.stripeApi.subscriptions.set('sub_test_routes', sub);
    expect((await kit.deliver(event('customer.subscription.created', sub, new Date()))).status).toBe(200);
    await kit.deliver(
      event(
        'invoice.paid',
        invoiceObject({
          id: 'in_test_routes',
          customer,
          subscription: 'sub_test_routes',
          status: 'paid',
          created: new Date(),
        }),
        new Date(),
      ),
    );

    const view = (
      (await (await kit.call('GET', `${ws()}/billing`, { token: owner.token })).json()) as {
        data: {
          quota: { plan: string };
          subscription: { plan: string; interval: string };
          invoices: Array<{ id: string; status: string }>;
        };
      }
    ).data;
    expect(view.quota.plan).toBe('pro');
    // The configured price decides the interval (the price object's own says month here).
    expect(view.subscription).toMatchObject({ plan: 'pro', interval: 'year' });
    expect(view.invoices).toMatchObject([{ id: 'in_test_routes', status: 'paid' }]);

    const again = await post(`${ws()}/billing/checkout`, owner.token, {
      plan: 'business',
      interval: 'month',
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as Json).error?.details).toEqual([
      { field: 'plan', issue: 'already_subscribed' },
    ]);

    const change = await post(`${ws()}/billing/change-plan`, owner.token, {
      plan: 'business',
      interval: 'month',
    });
    expect(change.status).toBe(202);
    const update = kit.stripeApi.requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_test_routes',
    );
    expect(update?.form).toMatchObject({
      'items[0][id]': 'si_test_routes',
      'items[0][price]': TEST_PRICES.STRIPE_PRICE_BUSINESS_MONTH,
      proration_behavior: 'create_prorations',
    });
  });
});

describe('Stripe unavailable', () => {
  it('checkout, portal and plan change answer 503 in the envelope; the billing screen, quota view and webhook keep working', async () => {
    kit.stripeApi.setDown(true);
    try {
      for (const [path, body] of [
        ['/billing/checkout', { plan: 'pro', interval: 'month' }],
        ['/billing/portal', {}],
        ['/billing/change-plan', { plan: 'pro', interval: 'month' }],
      ] as const) {
        const res = await post(`${ws()}${path}`, owner.token, body);
        if (path === '/billing/checkout') {
          // Already subscribed: checkout refuses before Stripe is needed.
          expect(res.status).toBe(409);
          continue;
        }
        expect(res.status, path).toBe(503);
        const json = (await res.json()) as Json & { error: { request_id: string } };
        expect(json.error?.code).toBe('service_unavailable');
        expect(json.error?.details).toEqual([{ field: 'stripe', issue: 'unavailable' }]);
        expect(json.error?.message).toMatch(/Stripe cannot be reached/);
      }
      expect((await kit.call('GET', `${ws()}/billing`, { token: owner.token })).status).toBe(200);
      expect((await kit.call('GET', `${ws()}/quota`, { token: members.viewer })).status).toBe(200);
      const delivered = await kit.deliver(
        event('customer.updated', { id: 'cus_test_nobody', object: 'customer', email: null }, new Date()),
      );
      expect(delivered.status).toBe(200);
      // A fresh Owner's first checkout fails at the customer step: 503, nothing saved.
      const fresh = await kit.signUp('billing-fresh@example.com');
      const res = await post(`/api/workspaces/${fresh.workspaceId}/billing/checkout`, fresh.token, {
        plan: 'pro',
        interval: 'month',
      });
      expect(res.status).toBe(503);
      const { rows } = await kit.deps.pool.query(
        'SELECT stripe_customer_id FROM billing_accounts WHERE id = $1',
        [await kit.accountOf(fresh.workspaceId)],
      );
      expect(rows).toEqual([{ stripe_customer_id: null }]);
    } finally {
      kit.stripeApi.setDown(false);
    }
  }, 60_000);
});

describe('doors refuse bad input', () => {
  it('property: checkout and editable bodies never answer 5xx, always the envelope, and change nothing when refused', async () => {
    const fresh = await kit.signUp('billing-fuzz@example.com');
    const base = `/api/workspaces/${fresh.workspaceId}`;
    const callsBefore = stripeCalls();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/billing/checkout', '/billing/editable', '/billing/change-plan'),
        fc.oneof(
          fc.json(),
          fc.record({ plan: fc.string(), interval: fc.string() }).map((v) => JSON.stringify(v)),
          fc
            .record({
              plan: fc.constantFrom('pro', 'free'),
              interval: fc.constantFrom('month', 'day'),
              extra: fc.string(),
            })
            .map((v) => JSON.stringify(v)),
          fc
            .record({ resource_type: fc.string(), keep_ids: fc.array(fc.string()) })
            .map((v) => JSON.stringify(v)),
        ),
        async (path, raw) => {
          const res = await kit.app.request(`${base}${path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${fresh.token}` },
            body: raw,
          });
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            const json = (await res.json()) as {
              error: { code: string; details: unknown[]; request_id: string };
            };
            expect(typeof json.error.code).toBe('string');
            expect(Array.isArray(json.error.details)).toBe(true);
          }
        },
      ),
      { numRuns: 80 },
    );
    expect(stripeCalls()).toBe(callsBefore);
    const { rows } = await kit.deps.pool.query(
      'SELECT stripe_customer_id FROM billing_accounts WHERE id = $1',
      [await kit.accountOf(fresh.workspaceId)],
    );
    expect(rows).toEqual([{ stripe_customer_id: null }]);
  }, 60_000);
});

describe('no Stripe key', () => {
  let plain: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    plain = await createTestApp(
      { LOG_LEVEL: 'info' },
      {
        logger: createLogger('sync-server', {
          level: 'info',
          destination: { write: (line: string) => lines.push(line) },
        }),
      },
    );
  }, 60_000);

  it('says at start which plan new workspaces start on and how the operator changes plans', () => {
    expect(
      lines.some((l) =>
        /STRIPE_SECRET_KEY is not set, so no checkout, portal or Stripe webhook: new workspaces start on the Free plan \(DEFAULT_PLAN\) and the operator changes plans with `npm run linkhub -- plan set <workspace> <plan>`/.test(
          l,
        ),
      ),
    ).toBe(true);
  });

  it('the env schema names what a half-configured Stripe lacks', () => {
    expect(() => parseEnvOrThrow(syncServerEnvSchema, { STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set; STRIPE_PRICE_PRO_MONTH: at least one/,
    );
    expect(() => parseEnvOrThrow(syncServerEnvSchema, { STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(parseEnvOrThrow(syncServerEnvSchema, {}).STRIPE_SECRET_KEY).toBeUndefined();
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('billing is off: the webhook endpoint does not exist and checkout answers 503 not_configured', async () => {
    expect(plain.deps.billing).toBeNull();
    const hook = await plain.app.request('/webhooks/stripe', { method: 'POST', body: '{}' });
    expect(hook.status).toBe(404);
    expect(((await hook.json()) as Json).error?.code).toBe('not_found');
    const someone = await signUpOverHttp((path, init) => plain.app.request(path, init), {
      email: 'free-only@example.com',
      password: 'correct horse battery staple',
      name: 'Free Only',
    });
    const res = await plain.app.request(`/api/workspaces/${someone.workspaceId}/billing/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${someone.token}` },
      body: JSON.stringify({ plan: 'pro', interval: 'month' }),
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as Json).error?.details).toEqual([
      { field: 'stripe', issue: 'not_configured' },
    ]);
  });
});
