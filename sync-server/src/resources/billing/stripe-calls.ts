import Stripe from 'stripe';
import { ServiceUnavailableError } from '@linkhub/shared/errors/app-error';
import {
  PAID_PLANS,
  priceIdFor,
  type BillingInterval,
  type PaidPlanKey,
} from '@linkhub/shared/billing/catalogue';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { StripeBilling } from '../../platform/stripe-client';

/**
 * The outgoing Stripe calls (Checkout, Customer Portal, plan change) through the real SDK. Any
 * Stripe failure — unreachable, timed out, 5xx, or a refusal that is ours to fix (a bad price id) —
 * answers 503 service_unavailable in the envelope; nothing else in the product depends on Stripe.
 */
export function stripeUnavailable(
  reason: 'not_configured' | 'unavailable' | 'refused',
): ServiceUnavailableError {
  return new ServiceUnavailableError({
    message:
      reason === 'not_configured'
        ? 'Billing is not set up on this server: plans are set by its operator (npm run linkhub -- plan set <workspace> <plan>), not bought here.'
        : 'Billing is temporarily unavailable because Stripe cannot be reached. Everything else keeps working; try again in a few minutes.',
    details: [{ field: 'stripe', issue: reason }],
  });
}

async function call<T>(logger: Logger, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const reachable =
      !(error instanceof Stripe.errors.StripeConnectionError) && (error.statusCode ?? 500) < 500;
    logger.warn(
      { stripe: { what, type: error.type, code: error.code, status: error.statusCode } },
      'stripe call failed',
    );
    throw stripeUnavailable(reachable ? 'refused' : 'unavailable');
  }
}

export type AccountForStripe = {
  id: string;
  stripe_customer_id: string | null;
  owner_email: string;
  owner_name: string;
};

/** The account's Stripe customer, created on first need (idempotent per account). */
export async function ensureCustomer(
  billing: StripeBilling,
  logger: Logger,
  account: AccountForStripe,
  save: (customerId: string) => Promise<void>,
): Promise<string> {
  if (account.stripe_customer_id !== null) return account.stripe_customer_id;
  const customer = await call(logger, 'customers.create', () =>
    billing.stripe.customers.create(
      { email: account.owner_email, name: account.owner_name, metadata: { billing_account_id: account.id } },
      { idempotencyKey: `linkhub-customer-${account.id}` },
    ),
  );
  await save(customer.id);
  return customer.id;
}

export async function createCheckout(
  billing: StripeBilling,
  logger: Logger,
  input: {
    accountId: string;
    customerId: string;
    plan: PaidPlanKey;
    interval: BillingInterval;
    firstSubscription: boolean;
    successUrl: string;
    cancelUrl: string;
  },
): Promise<string> {
  const price = priceIdFor(billing.prices, input.plan, input.interval);
  if (price === null) throw stripeUnavailable('not_configured');
  const trialDays = PAID_PLANS[input.plan].trial_days;
  const session = await call(logger, 'checkout.sessions.create', () =>
    billing.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      client_reference_id: input.accountId,
      line_items: [{ price, quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      allow_promotion_codes: true,
      metadata: { billing_account_id: input.accountId, plan: input.plan },
      subscription_data: {
        metadata: { billing_account_id: input.accountId, plan: input.plan },
        ...(input.firstSubscription && trialDays > 0 ? { trial_period_days: trialDays } : {}),
      },
    }),
  );
  if (session.url === null) throw stripeUnavailable('refused');
  return session.url;
}

export async function createPortal(
  billing: StripeBilling,
  logger: Logger,
  customerId: string,
  returnUrl: string,
): Promise<string> {
  const session = await call(logger, 'billingPortal.sessions.create', () =>
    billing.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
  );
  return session.url;
}

/** Moves the running subscription to another price, prorated; the webhook brings the result in. */
export async function changePlan(
  billing: StripeBilling,
  logger: Logger,
  subscriptionId: string,
  plan: PaidPlanKey,
  interval: BillingInterval,
): Promise<void> {
  const price = priceIdFor(billing.prices, plan, interval);
  if (price === null) throw stripeUnavailable('not_configured');
  const current = await call(logger, 'subscriptions.retrieve', () =>
    billing.stripe.subscriptions.retrieve(subscriptionId),
  );
  const item = current.items.data[0];
  if (item === undefined) throw stripeUnavailable('refused');
  await call(logger, 'subscriptions.update', () =>
    billing.stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, price }],
      proration_behavior: 'create_prorations',
      metadata: { plan },
    }),
  );
}
