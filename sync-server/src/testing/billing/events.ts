import Stripe from 'stripe';

/**
 * Stripe events as Stripe sends them (API version of the pinned SDK), for tests: the objects carry
 * the fields billing reads plus a few it ignores, and `signed` signs a payload with the SDK's own
 * test helper, exactly as the webhook endpoint will verify it.
 */
export const TEST_WEBHOOK_SECRET = 'whsec_test_linkhub_billing_secret';
export const TEST_SECRET_KEY = 'sk_test_linkhub_local';
export const TEST_PRICES = {
  STRIPE_PRICE_PRO_MONTH: 'price_test_pro_month',
  STRIPE_PRICE_PRO_YEAR: 'price_test_pro_year',
  STRIPE_PRICE_BUSINESS_MONTH: 'price_test_business_month',
  STRIPE_PRICE_BUSINESS_YEAR: 'price_test_business_year',
} as const;

/** The sync-server settings of a test that talks to the local Stripe at `apiUrl`. */
export function stripeTestEnv(apiUrl: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
    ...TEST_PRICES,
  };
}

let sequence = 0;
const eventId = () => `evt_test_${Date.now().toString(36)}_${(++sequence).toString().padStart(5, '0')}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export type TestEvent = {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  pending_webhooks: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
};

export function event(type: string, object: Record<string, unknown>, at: Date, id = eventId()): TestEvent {
  return {
    id,
    object: 'event',
    type,
    created: seconds(at),
    livemode: false,
    api_version: '2026-10-28.endive',
    pending_webhooks: 1,
    data: { object },
  };
}

export function subscriptionObject(opts: {
  id: string;
  customer: string;
  status: string;
  price: string;
  created: Date;
  billingAccountId?: string;
  cancelAtPeriodEnd?: boolean;
}): Record<string, unknown> {
  const start = seconds(opts.created);
  return {
    id: opts.id,
    object: 'subscription',
    customer: opts.customer,
    status: opts.status,
    created: start,
    cancel_at_period_end: opts.cancelAtPeriodEnd ?? false,
    canceled_at: opts.status === 'canceled' ? start + 86_400 : null,
    trial_end: null,
    collection_method: 'charge_automatically',
    metadata: opts.billingAccountId ? { billing_account_id: opts.billingAccountId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${opts.id.slice(4)}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: start,
          current_period_end: start + 30 * 86_400,
          price: { id: opts.price, object: 'price', recurring: { interval: 'month' }, unit_amount: 1200 },
        },
      ],
    },
  };
}

export function invoiceObject(opts: {
  id: string;
  customer: string;
  subscription: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  created: Date;
  amount?: number;
}): Record<string, unknown> {
  const created = seconds(opts.created);
  const amount = opts.amount ?? 1200;
  return {
    id: opts.id,
    object: 'invoice',
    customer: opts.customer,
    number: `LH-${opts.id.slice(-4).toUpperCase()}`,
    status: opts.status,
    currency: 'usd',
    subtotal: amount,
    total: amount,
    total_taxes: [],
    amount_due: amount,
    amount_paid: opts.status === 'paid' ? amount : 0,
    hosted_invoice_url: `https://invoice.stripe.test/i/${opts.id}`,
    invoice_pdf: `https://invoice.stripe.test/i/${opts.id}/pdf`,
    period_start: created,
    period_end: created + 30 * 86_400,
    created,
    parent: { type: 'subscription_details', subscription_details: { subscription: opts.subscription } },
    status_transitions: {
      finalized_at: opts.status === 'draft' ? null : created,
      paid_at: opts.status === 'paid' ? created + 60 : null,
    },
  };
}

const signer = new Stripe(TEST_SECRET_KEY);

/** The request Stripe would send for `payload`: signed with the SDK's generateTestHeaderString. */
export function signed(
  payload: string,
  secret = TEST_WEBHOOK_SECRET,
  timestamp = Math.floor(Date.now() / 1000),
): { body: string; headers: Record<string, string> } {
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return { body: payload, headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature } };
}
