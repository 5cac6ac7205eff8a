// The public path and the billing door together (e2e may import every service).
import { startStack, type Stack } from '../permanence/stack';
import {
  startStripeApiServer,
  type StripeApiServer,
} from '../../sync-server/src/testing/billing/stripe-api-server';
import {
  TEST_PRICES,
  event,
  invoiceObject,
  signed,
  stripeTestEnv,
  subscriptionObject,
} from '../../sync-server/src/testing/billing/events';

const DAY = 86_400_000;

/** The billing states the permanence rule is checked across. */
export type BillingPhase = 'active' | 'past_due_day_3' | 'past_due_day_10' | 'downgraded' | 'canceled';

export type BillingStack = Stack & {
  stripeApi: StripeApiServer;
  /** Moves the owner's workspace into `phase` the way Stripe would: signed webhook events. */
  enter: (phase: BillingPhase) => Promise<void>;
  close: () => Promise<void>;
};

export async function startBillingStack(): Promise<BillingStack> {
  const stripeApi = await startStripeApiServer();
  const stack = await startStack(stripeTestEnv(stripeApi.url));
  const { pool } = stack.kit.deps;
  const workspaceId = stack.kit.owner.workspaceId;
  const customer = `cus_test_e2e_${Date.now().toString(36)}`;
  await pool.query(
    'UPDATE billing_accounts SET stripe_customer_id = $2 WHERE id = (SELECT billing_account_id FROM workspaces WHERE id = $1)',
    [workspaceId, customer],
  );
  const subId = `sub_test_e2e_${Date.now().toString(36)}`;
  const invoiceId = `in_test_e2e_${Date.now().toString(36)}`;
  const started = new Date(Date.now() - 60 * DAY);
  const deliver = async (payload: ReturnType<typeof event>) => {
    const request = signed(JSON.stringify(payload));
    const res = await stack.kit.app.request('/webhooks/stripe', {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    if (res.status !== 200) throw new Error(`webhook ${res.status}: ${await res.text()}`);
  };
  const sub = (status: string, price: string) =>
    subscriptionObject({ id: subId, customer, status, price, created: started });
  const ago = (days: number) => new Date(Date.now() - days * DAY);
  const enter: BillingStack['enter'] = async (phase) => {
    switch (phase) {
      case 'active':
        await deliver(
          event(
            'customer.subscription.created',
            sub('active', TEST_PRICES.STRIPE_PRICE_BUSINESS_MONTH),
            started,
          ),
        );
        return;
      case 'past_due_day_3':
      case 'past_due_day_10': {
        const since = ago(phase === 'past_due_day_3' ? 3 : 10);
        await deliver(
          event(
            'invoice.payment_failed',
            invoiceObject({ id: invoiceId, customer, subscription: subId, status: 'open', created: since }),
            since,
          ),
        );
        await deliver(
          event(
            'customer.subscription.updated',
            sub('past_due', TEST_PRICES.STRIPE_PRICE_BUSINESS_MONTH),
            since,
          ),
        );
        return;
      }
      case 'downgraded':
        await deliver(
          event(
            'invoice.paid',
            invoiceObject({ id: invoiceId, customer, subscription: subId, status: 'paid', created: ago(10) }),
            new Date(),
          ),
        );
        await deliver(
          event(
            'customer.subscription.updated',
            sub('active', TEST_PRICES.STRIPE_PRICE_PRO_MONTH),
            new Date(),
          ),
        );
        return;
      case 'canceled':
        await deliver(
          event(
            'customer.subscription.deleted',
            sub('canceled', TEST_PRICES.STRIPE_PRICE_PRO_MONTH),
            new Date(Date.now() + 60_000),
          ),
        );
        return;
    }
  };
  return {
    ...stack,
    stripeApi,
    enter,
    close: async () => {
      await stack.stop();
      await stripeApi.close();
    },
  };
}
