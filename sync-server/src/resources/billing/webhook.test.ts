import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createDb, type DbHandle } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { startBillingKit, type BillingKit } from '../../testing/billing/kit';
import {
  TEST_PRICES,
  event,
  invoiceObject,
  signed,
  stripeTestEnv,
  subscriptionObject,
} from '../../testing/billing/events';
import { closedPortUrl, createTestApp } from '../../testing/app';

/**
 * POST /webhooks/stripe through the real SDK's constructEvent, with payloads signed by the SDK's
 * generateTestHeaderString: bad signatures, replays, out-of-order and unknown events.
 */
let kit: BillingKit;
let handle: DbHandle;
const DAY = 86_400_000;

beforeAll(async () => {
  kit = await startBillingKit();
  handle = createDb(kit.database.url);
}, 60_000);

afterAll(async () => {
  await handle?.close();
  await kit?.close();
});

let n = 0;
/** A fresh account: an owner, a workspace on Free, and the Stripe customer the checkout made. */
async function freshAccount(): Promise<{ workspaceId: string; accountId: string; customer: string }> {
  const user = await insertUser(handle.db, { emailVerified: true });
  const { workspace, billingAccountId } = await insertWorkspace(handle.db, { ownerUserId: user.id });
  const customer = `cus_test_webhook_${++n}_${Date.now().toString(36)}`;
  await kit.deps.pool.query('UPDATE billing_accounts SET stripe_customer_id = $2 WHERE id = $1', [
    billingAccountId,
    customer,
  ]);
  return { workspaceId: workspace.id, accountId: billingAccountId, customer };
}

type WorkspaceBilling = {
  current_plan_key: string;
  billing_status: string;
  past_due_since: Date | null;
  row_version: string;
};
async function workspaceBilling(id: string): Promise<WorkspaceBilling> {
  const { rows } = await kit.deps.pool.query<WorkspaceBilling>(
    'SELECT current_plan_key, billing_status, past_due_since, row_version FROM workspaces WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error('no workspace');
  return row;
}

const counts = async () => {
  const { rows } = await kit.deps.pool.query<{ events: string; subs: string; invoices: string }>(
    `SELECT (SELECT count(*) FROM payment_events) AS events, (SELECT count(*) FROM subscriptions) AS subs,
            (SELECT count(*) FROM invoices) AS invoices`,
  );
  return rows[0];
};

describe('POST /webhooks/stripe: signature', () => {
  it('a missing, wrong-secret, stale or tampered signature is 400 in the envelope, and nothing is written', async () => {
    const { customer } = await freshAccount();
    const body = JSON.stringify(
      event(
        'customer.subscription.created',
        subscriptionObject({
          id: 'sub_test_sig',
          customer,
          status: 'active',
          price: TEST_PRICES.STRIPE_PRICE_PRO_MONTH,
          created: new Date(),
        }),
        new Date(),
      ),
    );
    const before = await counts();
    const wrongSecret = signed(body, 'whsec_not_the_endpoint_secret').headers['Stripe-Signature'] ?? '';
    const stale =
      signed(body, undefined, Math.floor(Date.now() / 1000) - 3600).headers['Stripe-Signature'] ?? '';
    const tampered = signed(body).headers['Stripe-Signature'] ?? '';
    const attempts = [
      await kit.deliver(body, { signature: null }),
      await kit.deliver(body, { signature: wrongSecret }),
      await kit.deliver(body, { signature: stale }),
      await kit.deliver(body, { signature: 't=1,v1=deadbeef' }),
      await kit.app.request('/webhooks/stripe', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': tampered },
        body: body.replace('"active"', '"trialing"'),
      }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(400);
      const json = (await res.json()) as {
        error: { code: string; details: Array<{ field: string; issue: string }> };
      };
      expect(json.error.code).toBe('validation_failed');
      expect(json.error.details).toEqual([{ field: 'stripe-signature', issue: 'invalid_signature' }]);
    }
    expect(await counts()).toEqual(before);
  });

  it('property: any body with any signature header never answers 5xx and never writes', async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 400 }),
        fc.option(fc.string({ maxLength: 120 })),
        async (body, sig) => {
          const res = await kit.deliver(body, { signature: sig });
          expect(res.status).toBe(400);
          const json = (await res.json()) as {
            error: { code: string; request_id: string; details: unknown[] };
          };
          expect(json.error.code).toBe('validation_failed');
          expect(Array.isArray(json.error.details)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
    expect(await counts()).toEqual(before);
  });

  it('a correctly signed body that is not an event is 400 and writes nothing', async () => {
    const before = await counts();
    for (const body of ['{}', '[]', '"x"', JSON.stringify({ id: 'evt_1', object: 'event', type: 'x' })]) {
      const res = await kit.deliver(body);
      expect(res.status).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('POST /webhooks/stripe: applying events', () => {
  it('subscription created → the workspace is on Pro; a replayed event id changes nothing', async () => {
    const { workspaceId, customer } = await freshAccount();
    const created = event(
      'customer.subscription.created',
      subscriptionObject({
        id: `sub_test_replay_${n}`,
        customer,
        status: 'active',
        price: TEST_PRICES.STRIPE_PRICE_PRO_MONTH,
        created: new Date(),
      }),
      new Date(),
    );
    const first = await kit.deliver(created);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ data: { received: true, outcome: 'applied' }, meta: {} });
    const after = await workspaceBilling(workspaceId);
    expect(after).toMatchObject({ current_plan_key: 'pro', billing_status: 'active', past_due_since: null });
    const eventsBefore = await counts();
    const replay = await kit.deliver(created);
    expect(await replay.json()).toEqual({ data: { received: true, outcome: 'duplicate' }, meta: {} });
    expect(await workspaceBilling(workspaceId)).toEqual(after);
    expect(await counts()).toEqual(eventsBefore);
    const audit = await kit.deps.pool.query<{ actor_type: string; changes: unknown }>(
      "SELECT actor_type, changes FROM audit_log_entries WHERE workspace_id = $1 AND action = 'billing.plan_changed'",
      [workspaceId],
    );
    expect(audit.rows).toEqual([
      {
        actor_type: 'system',
        changes: {
          before: { plan: 'free', billing_status: 'active' },
          after: { plan: 'pro', billing_status: 'active' },
        },
      },
    ]);
  });

  it('out of order: a newer past_due snapshot is not undone by an older active one arriving later', async () => {
    const { workspaceId, customer } = await freshAccount();
    const id = `sub_test_order_${n}`;
    const t0 = new Date(Date.now() - 5 * DAY);
    const t1 = new Date(Date.now() - 3 * DAY);
    const sub = (status: string) =>
      subscriptionObject({
        id,
        customer,
        status,
        price: TEST_PRICES.STRIPE_PRICE_BUSINESS_MONTH,
        created: t0,
      });
    const updated = await kit.deliver(event('customer.subscription.updated', sub('past_due'), t1));
    expect(((await updated.json()) as { data: { outcome: string } }).data.outcome).toBe('applied');
    const late = await kit.deliver(event('customer.subscription.created', sub('active'), t0));
    expect(((await late.json()) as { data: { outcome: string } }).data.outcome).toBe('stale');
    const ws = await workspaceBilling(workspaceId);
    expect(ws).toMatchObject({ current_plan_key: 'business', billing_status: 'past_due' });
    expect(ws.past_due_since?.getTime()).toBe(Math.floor(t1.getTime() / 1000) * 1000);
  });

  it('a deleted subscription stays canceled whatever arrives after it; the workspace falls to Free', async () => {
    const { workspaceId, customer } = await freshAccount();
    const id = `sub_test_deleted_${n}`;
    const t0 = new Date(Date.now() - 40 * DAY);
    const sub = (status: string) =>
      subscriptionObject({ id, customer, status, price: TEST_PRICES.STRIPE_PRICE_PRO_YEAR, created: t0 });
    await kit.deliver(event('customer.subscription.created', sub('active'), t0));
    expect((await workspaceBilling(workspaceId)).current_plan_key).toBe('pro');
    await kit.deliver(event('customer.subscription.deleted', sub('canceled'), new Date(Date.now() - DAY)));
    // A retried, equally-timed or later non-canceled snapshot cannot revive an ended subscription.
    await kit.deliver(event('customer.subscription.updated', sub('active'), new Date()));
    expect(await workspaceBilling(workspaceId)).toMatchObject({
      current_plan_key: 'free',
      billing_status: 'canceled',
    });
  });

  it('an invoice before its subscription is linked when the subscription arrives; paid is never undone by open', async () => {
    const { customer, accountId } = await freshAccount();
    const subId = `sub_test_inv_${n}`;
    const invId = `in_test_inv_${n}`;
    const t0 = new Date(Date.now() - 2 * DAY);
    const paid = await kit.deliver(
      event(
        'invoice.paid',
        invoiceObject({ id: invId, customer, subscription: subId, status: 'paid', created: t0 }),
        new Date(t0.getTime() + 60_000),
      ),
    );
    expect(paid.status).toBe(200);
    await kit.deliver(
      event(
        'invoice.finalized',
        invoiceObject({ id: invId, customer, subscription: subId, status: 'open', created: t0 }),
        t0,
      ),
    );
    await kit.deliver(
      event(
        'customer.subscription.created',
        subscriptionObject({
          id: subId,
          customer,
          status: 'active',
          price: TEST_PRICES.STRIPE_PRICE_PRO_MONTH,
          created: t0,
        }),
        t0,
      ),
    );
    const { rows } = await kit.deps.pool.query<{
      status: string;
      linked: boolean;
      hosted_invoice_url: string;
      billing_account_id: string;
    }>(
      `SELECT i.status, i.subscription_id = s.id AS linked, i.hosted_invoice_url, i.billing_account_id
         FROM invoices i JOIN subscriptions s ON s.stripe_subscription_id = $2 WHERE i.stripe_invoice_id = $1`,
      [invId, subId],
    );
    expect(rows).toEqual([
      {
        status: 'paid',
        linked: true,
        hosted_invoice_url: `https://invoice.stripe.test/i/${invId}`,
        billing_account_id: accountId,
      },
    ]);
  });

  it('checkout completed links the customer; customer updated sets the billing email; unknown types are recorded and ignored', async () => {
    const user = await insertUser(handle.db, { emailVerified: true });
    const { billingAccountId } = await insertWorkspace(handle.db, { ownerUserId: user.id });
    const customer = `cus_test_checkout_${++n}`;
    const done = await kit.deliver(
      event(
        'checkout.session.completed',
        {
          id: `cs_test_${n}`,
          object: 'checkout.session',
          mode: 'subscription',
          customer,
          client_reference_id: billingAccountId,
          subscription: `sub_test_cs_${n}`,
        },
        new Date(),
      ),
    );
    expect(((await done.json()) as { data: { outcome: string } }).data.outcome).toBe('applied');
    await kit.deliver(
      event('customer.updated', { id: customer, object: 'customer', email: 'ap@acme.test' }, new Date()),
    );
    const { rows } = await kit.deps.pool.query<{ stripe_customer_id: string; billing_email: string }>(
      'SELECT stripe_customer_id, billing_email FROM billing_accounts WHERE id = $1',
      [billingAccountId],
    );
    expect(rows[0]).toEqual({ stripe_customer_id: customer, billing_email: 'ap@acme.test' });

    const unknown = event('charge.refunded', { id: 'ch_1', object: 'charge' }, new Date());
    const res = await kit.deliver(unknown);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { outcome: string } }).data.outcome).toBe('ignored');
    const recorded = await kit.deps.pool.query<{ processed: boolean }>(
      'SELECT processed_at IS NOT NULL AS processed FROM payment_events WHERE event_id = $1',
      [unknown.id],
    );
    expect(recorded.rows).toEqual([{ processed: true }]);
  });

  it('an event for a customer that is not ours is recorded as unmatched and changes nothing', async () => {
    const res = await kit.deliver(
      event(
        'customer.subscription.created',
        subscriptionObject({
          id: 'sub_test_foreign',
          customer: 'cus_test_foreign',
          status: 'active',
          price: TEST_PRICES.STRIPE_PRICE_PRO_MONTH,
          created: new Date(),
        }),
        new Date(),
      ),
    );
    expect(((await res.json()) as { data: { outcome: string } }).data.outcome).toBe('unmatched');
    const { rows } = await kit.deps.pool.query(
      'SELECT 1 FROM subscriptions WHERE stripe_subscription_id = $1',
      ['sub_test_foreign'],
    );
    expect(rows).toEqual([]);
  });

  it('property: the final state is the same in every delivery order, with replays mixed in', async () => {
    const t0 = Date.now() - 20 * DAY;
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }),
        async (order, replays) => {
          const { workspaceId, customer } = await freshAccount();
          const subId = `sub_test_perm_${n}`;
          const inv = `in_test_perm_${n}`;
          const sub = (status: string, price: string) =>
            subscriptionObject({ id: subId, customer, status, price, created: new Date(t0) });
          const at = (day: number) => new Date(t0 + day * DAY);
          const events = [
            event('customer.subscription.created', sub('active', TEST_PRICES.STRIPE_PRICE_PRO_MONTH), at(0)),
            event(
              'customer.subscription.updated',
              sub('active', TEST_PRICES.STRIPE_PRICE_BUSINESS_MONTH),
              at(2),
            ),
            event(
              'invoice.payment_failed',
              invoiceObject({ id: inv, customer, subscription: subId, status: 'open', created: at(9) }),
              at(9),
            ),
            event(
              'customer.subscription.updated',
              sub('past_due', TEST_PRICES.STRIPE_PRICE_BUSINESS_MONTH),
              at(9),
            ),
            event(
              'customer.subscription.updated',
              sub('past_due', TEST_PRICES.STRIPE_PRICE_BUSINESS_MONTH),
              at(11),
            ),
            event(
              'invoice.updated',
              invoiceObject({ id: inv, customer, subscription: subId, status: 'open', created: at(9) }),
              at(11),
            ),
          ];
          for (const i of [...order, ...replays]) {
            const e = events[i];
            if (e === undefined) continue;
            const res = await kit.deliver(e);
            expect(res.status).toBe(200);
          }
          const ws = await workspaceBilling(workspaceId);
          expect(ws).toMatchObject({ current_plan_key: 'business', billing_status: 'past_due' });
          expect(ws.past_due_since?.getTime()).toBe(Math.floor(at(9).getTime() / 1000) * 1000);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});

describe('POST /webhooks/stripe: the database is down', () => {
  it('answers an error (never 2xx) so Stripe retries, and the retry applies the event once the database is back', async () => {
    const down = await createTestApp({
      ...stripeTestEnv(kit.stripeApi.url),
      DATABASE_URL: await closedPortUrl('postgres'),
    });
    try {
      const { workspaceId, customer } = await freshAccount();
      const created = event(
        'customer.subscription.created',
        subscriptionObject({
          id: `sub_test_down_${n}`,
          customer,
          status: 'active',
          price: TEST_PRICES.STRIPE_PRICE_BUSINESS_YEAR,
          created: new Date(),
        }),
        new Date(),
      );
      const request = signed(JSON.stringify(created));
      const failed = await down.app.request('/webhooks/stripe', {
        method: 'POST',
        headers: request.headers,
        body: request.body,
      });
      expect(failed.status).toBeGreaterThanOrEqual(500);
      const envelope = (await failed.json()) as { error: { code: string } };
      expect(typeof envelope.error.code).toBe('string');
      // Stripe's retry reaches a server whose database answers.
      const retried = await kit.deliver(created);
      expect(((await retried.json()) as { data: { outcome: string } }).data.outcome).toBe('applied');
      expect((await workspaceBilling(workspaceId)).current_plan_key).toBe('business');
    } finally {
      await down.close();
    }
  }, 60_000);
});
