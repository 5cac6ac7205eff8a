import { boolean, char, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, tstz, updatedAt } from './columns';
import { billingAccounts, plans, type PlanKey } from './workspaces';

export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export const subscriptions = pgTable('subscriptions', {
  id: pk(),
  billingAccountId: uuid('billing_account_id')
    .notNull()
    .references(() => billingAccounts.id, { onDelete: 'restrict' }),
  stripeSubscriptionId: text('stripe_subscription_id'),
  planKey: text('plan_key')
    .$type<PlanKey>()
    .notNull()
    .references(() => plans.key, { onDelete: 'restrict' }),
  status: text('status').$type<SubscriptionStatus>().notNull(),
  billingInterval: text('billing_interval').$type<'month' | 'year'>().notNull().default('month'),
  quantity: integer('quantity').notNull().default(1),
  currentPeriodStart: tstz('current_period_start'),
  currentPeriodEnd: tstz('current_period_end'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  canceledAt: tstz('canceled_at'),
  trialEndsAt: tstz('trial_ends_at'),
  pastDueSince: tstz('past_due_since'),
  stripePriceId: text('stripe_price_id'),
  /** `created` of the Stripe event whose snapshot this row holds: an older one never overwrites it. */
  stripeEventAt: tstz('stripe_event_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Amounts in integer cents; currency lower-case ISO code as Stripe sends it. */
export const invoices = pgTable('invoices', {
  id: pk(),
  billingAccountId: uuid('billing_account_id')
    .notNull()
    .references(() => billingAccounts.id, { onDelete: 'restrict' }),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  stripeInvoiceId: text('stripe_invoice_id'),
  number: text('number'),
  status: text('status').$type<'draft' | 'open' | 'paid' | 'uncollectible' | 'void'>().notNull(),
  currency: char('currency', { length: 3 }).notNull().default('usd'),
  subtotalCents: integer('subtotal_cents').notNull().default(0),
  taxCents: integer('tax_cents').notNull().default(0),
  totalCents: integer('total_cents').notNull().default(0),
  amountDueCents: integer('amount_due_cents').notNull().default(0),
  amountPaidCents: integer('amount_paid_cents').notNull().default(0),
  hostedInvoiceUrl: text('hosted_invoice_url'),
  invoicePdfUrl: text('invoice_pdf_url'),
  periodStart: tstz('period_start'),
  periodEnd: tstz('period_end'),
  issuedAt: tstz('issued_at'),
  paidAt: tstz('paid_at'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  stripeEventAt: tstz('stripe_event_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Stripe webhook dedupe: insert (ON CONFLICT (provider, event_id) DO NOTHING) in the same transaction as
 * the event's effect; zero rows inserted = already applied.
 */
export const paymentEvents = pgTable('payment_events', {
  id: pk(),
  provider: text('provider').$type<'stripe'>().notNull().default('stripe'),
  eventId: text('event_id').notNull(),
  eventType: text('event_type').notNull(),
  payloadHash: text('payload_hash').notNull(),
  billingAccountId: uuid('billing_account_id').references(() => billingAccounts.id, { onDelete: 'set null' }),
  livemode: boolean('livemode').notNull().default(false),
  receivedAt: tstz('received_at').notNull().defaultNow(),
  processedAt: tstz('processed_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
