import { z } from 'zod';
import { STRIPE_SUBSCRIPTION_STATUSES } from '@linkhub/shared/billing/governing';

/**
 * The parts of Stripe's objects billing reads. Stripe adds fields in every API version and the
 * payload is signed by Stripe, so these schemas read what they need and ignore the rest (the
 * strict-keys rule is for what our users send). Fields that moved between API versions are read
 * from both places (`subscription` → `parent.subscription_details.subscription`, period dates →
 * the subscription item, `tax` → `total_taxes`).
 */
const id = z.string().min(1).max(255);
const unixSeconds = z.number().int().nonnegative();
const expandable = z
  .union([id, z.object({ id }).loose()])
  .transform((v) => (typeof v === 'string' ? v : v.id));
const metadata = z.record(z.string(), z.string()).nullish();

export const stripeEventSchema = z
  .object({
    id,
    object: z.literal('event'),
    type: z.string().min(1).max(200),
    created: unixSeconds,
    livemode: z.boolean().default(false),
    data: z.object({ object: z.object({ object: z.string() }).loose() }).loose(),
  })
  .loose();
export type StripeEvent = z.infer<typeof stripeEventSchema>;

const subscriptionItem = z
  .object({
    id,
    price: z.object({ id, recurring: z.object({ interval: z.string() }).loose().nullish() }).loose(),
    quantity: z.number().int().positive().nullish(),
    current_period_start: unixSeconds.nullish(),
    current_period_end: unixSeconds.nullish(),
  })
  .loose();

export const stripeSubscriptionSchema = z
  .object({
    id,
    object: z.literal('subscription'),
    customer: expandable,
    status: z.enum(STRIPE_SUBSCRIPTION_STATUSES),
    created: unixSeconds,
    cancel_at_period_end: z.boolean().default(false),
    canceled_at: unixSeconds.nullish(),
    trial_end: unixSeconds.nullish(),
    current_period_start: unixSeconds.nullish(),
    current_period_end: unixSeconds.nullish(),
    metadata,
    items: z.object({ data: z.array(subscriptionItem).min(1) }).loose(),
  })
  .loose();
export type StripeSubscription = z.infer<typeof stripeSubscriptionSchema>;

export const stripeInvoiceSchema = z
  .object({
    id,
    object: z.literal('invoice'),
    customer: expandable,
    number: z.string().nullish(),
    status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
    currency: z.string().regex(/^[a-z]{3}$/),
    subtotal: z.number().int().default(0),
    total: z.number().int().default(0),
    tax: z.number().int().nullish(),
    total_taxes: z.array(z.object({ amount: z.number().int() }).loose()).nullish(),
    amount_due: z.number().int().default(0),
    amount_paid: z.number().int().default(0),
    hosted_invoice_url: z.string().nullish(),
    invoice_pdf: z.string().nullish(),
    period_start: unixSeconds.nullish(),
    period_end: unixSeconds.nullish(),
    created: unixSeconds,
    subscription: expandable.nullish(),
    parent: z
      .object({
        subscription_details: z.object({ subscription: expandable.nullish() }).loose().nullish(),
      })
      .loose()
      .nullish(),
    status_transitions: z
      .object({ finalized_at: unixSeconds.nullish(), paid_at: unixSeconds.nullish() })
      .loose()
      .nullish(),
  })
  .loose();
export type StripeInvoice = z.infer<typeof stripeInvoiceSchema>;

export const stripeCheckoutSessionSchema = z
  .object({
    id,
    object: z.literal('checkout.session'),
    mode: z.string(),
    customer: expandable.nullish(),
    client_reference_id: z.string().nullish(),
    subscription: expandable.nullish(),
    metadata,
  })
  .loose();

export const stripeCustomerSchema = z
  .object({ id, object: z.literal('customer'), email: z.string().max(320).nullish(), metadata })
  .loose();

export function subscriptionIdOfInvoice(invoice: StripeInvoice): string | null {
  return invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
}

export function toDate(seconds: number | null | undefined): Date | null {
  return seconds === null || seconds === undefined ? null : new Date(seconds * 1000);
}
