import { createHash } from 'node:crypto';
import type pg from 'pg';
import { isPaidPlan, planForPrice, type StripePriceIds } from '@linkhub/shared/billing/catalogue';
import { isUuidText } from '@linkhub/shared/server/db/ids';
import { one, withTransaction, type Queryable } from '@linkhub/shared/server/db/sql';
import {
  stripeCheckoutSessionSchema,
  stripeCustomerSchema,
  stripeInvoiceSchema,
  stripeSubscriptionSchema,
  subscriptionIdOfInvoice,
  toDate,
  type StripeEvent,
  type StripeInvoice,
  type StripeSubscription,
} from './stripe-objects';
import { projectAccount } from './account-projection';

/**
 * What became of a verified event: `applied`; `duplicate` (its id was applied before: nothing
 * done); `stale` (an older snapshot than the one we hold: recorded, not applied); `ignored` (a type
 * or price billing does not use); `unmatched` (no billing account of ours).
 */
export type ApplyOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unmatched';

/**
 * Applies one verified Stripe event. The dedupe row and the effect commit in one transaction, so a
 * redelivery finds the row and changes nothing, and a failure leaves no row (Stripe retries).
 * Order never matters: every mirrored object keeps the time of the event it came from, and an
 * older snapshot never overwrites a newer one (ties go to the later status in the lifecycle).
 */
export async function applyStripeEvent(
  pool: pg.Pool,
  event: StripeEvent,
  rawBody: string,
  prices: StripePriceIds,
  now: Date,
): Promise<ApplyOutcome> {
  return withTransaction(pool, async (tx) => {
    const recorded = await one<{ id: string }>(
      tx,
      `INSERT INTO payment_events (event_id, event_type, payload_hash, livemode)
       VALUES ($1, $2, $3, $4) ON CONFLICT (provider, event_id) DO NOTHING RETURNING id`,
      [event.id, event.type, createHash('sha256').update(rawBody).digest('hex'), event.livemode],
    );
    if (!recorded) return 'duplicate';
    const { outcome, accountId } = await applyEffect(tx, event, prices);
    await tx.query('UPDATE payment_events SET billing_account_id = $2, processed_at = $3 WHERE id = $1', [
      recorded.id,
      accountId,
      now,
    ]);
    // Only a subscription (or the checkout that starts one) can change the plan or the status.
    const reshapes =
      event.type.startsWith('customer.subscription.') || event.type === 'checkout.session.completed';
    if (accountId !== null && outcome === 'applied' && reshapes) await projectAccount(tx, accountId, now);
    return outcome;
  });
}

type Effect = { outcome: ApplyOutcome; accountId: string | null };

async function applyEffect(tx: Queryable, event: StripeEvent, prices: StripePriceIds): Promise<Effect> {
  const object = event.data.object;
  const at = new Date(event.created * 1000);
  if (event.type.startsWith('customer.subscription.')) {
    const parsed = stripeSubscriptionSchema.safeParse(object);
    return parsed.success ? applySubscription(tx, parsed.data, at, prices) : ignored();
  }
  if (event.type.startsWith('invoice.')) {
    const parsed = stripeInvoiceSchema.safeParse(object);
    return parsed.success ? applyInvoice(tx, parsed.data, at) : ignored();
  }
  if (event.type === 'checkout.session.completed') {
    const parsed = stripeCheckoutSessionSchema.safeParse(object);
    return parsed.success ? applyCheckoutCompleted(tx, parsed.data) : ignored();
  }
  if (event.type === 'customer.updated') {
    const parsed = stripeCustomerSchema.safeParse(object);
    return parsed.success ? applyCustomerUpdated(tx, parsed.data) : ignored();
  }
  return ignored();
}

const ignored = (): Effect => ({ outcome: 'ignored', accountId: null });

async function accountByCustomer(tx: Queryable, customerId: string): Promise<string | null> {
  const row = await one<{ id: string }>(tx, 'SELECT id FROM billing_accounts WHERE stripe_customer_id = $1', [
    customerId,
  ]);
  return row?.id ?? null;
}

async function accountById(tx: Queryable, id: string | null | undefined): Promise<string | null> {
  if (typeof id !== 'string' || !isUuidText(id)) return null;
  const row = await one<{ id: string }>(tx, 'SELECT id FROM billing_accounts WHERE id = $1', [id]);
  return row?.id ?? null;
}

/** Lifecycle order of subscription statuses: on a timestamp tie the later one wins. */
const SUBSCRIPTION_RANK = `CASE $S WHEN 'incomplete' THEN 0 WHEN 'trialing' THEN 1 WHEN 'active' THEN 2
  WHEN 'past_due' THEN 3 WHEN 'unpaid' THEN 4 WHEN 'paused' THEN 4 ELSE 5 END`;
const rankOf = (column: string) => SUBSCRIPTION_RANK.replace('$S', column);
const DUNNING = `('past_due', 'unpaid')`;

async function applySubscription(
  tx: Queryable,
  sub: StripeSubscription,
  at: Date,
  prices: StripePriceIds,
): Promise<Effect> {
  const accountId =
    (await accountById(tx, sub.metadata?.billing_account_id)) ?? (await accountByCustomer(tx, sub.customer));
  if (accountId === null) return { outcome: 'unmatched', accountId: null };
  const item = sub.items.data[0];
  if (item === undefined) return { outcome: 'ignored', accountId };
  const priced = planForPrice(prices, item.price.id);
  const metaPlan = sub.metadata?.plan;
  const plan = priced?.plan ?? (isPaidPlan(metaPlan) ? metaPlan : null);
  if (plan === null) return { outcome: 'ignored', accountId };
  const recurring = item.price.recurring?.interval;
  const interval = priced?.interval ?? (recurring === 'year' ? 'year' : 'month');
  const dunning = sub.status === 'past_due' || sub.status === 'unpaid';
  const written = await one<{ id: string }>(
    tx,
    `INSERT INTO subscriptions AS s (billing_account_id, stripe_subscription_id, plan_key, status, billing_interval,
        quantity, current_period_start, current_period_end, cancel_at_period_end, canceled_at, trial_ends_at,
        past_due_since, stripe_price_id, stripe_event_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (stripe_subscription_id) WHERE stripe_subscription_id IS NOT NULL DO UPDATE SET
       plan_key = EXCLUDED.plan_key, status = EXCLUDED.status, billing_interval = EXCLUDED.billing_interval,
       quantity = EXCLUDED.quantity, current_period_start = EXCLUDED.current_period_start,
       current_period_end = EXCLUDED.current_period_end, cancel_at_period_end = EXCLUDED.cancel_at_period_end,
       canceled_at = EXCLUDED.canceled_at, trial_ends_at = EXCLUDED.trial_ends_at,
       stripe_price_id = EXCLUDED.stripe_price_id, stripe_event_at = EXCLUDED.stripe_event_at,
       past_due_since = CASE WHEN EXCLUDED.status NOT IN ${DUNNING} THEN NULL
                             WHEN s.status IN ${DUNNING} THEN LEAST(s.past_due_since, EXCLUDED.past_due_since)
                             ELSE EXCLUDED.past_due_since END
     WHERE (s.status NOT IN ('canceled', 'incomplete_expired') OR EXCLUDED.status = s.status)
       AND (s.stripe_event_at IS NULL OR s.stripe_event_at < EXCLUDED.stripe_event_at
            OR (s.stripe_event_at = EXCLUDED.stripe_event_at AND ${rankOf('EXCLUDED.status')} >= ${rankOf('s.status')}))
     RETURNING id`,
    [
      accountId,
      sub.id,
      plan,
      sub.status,
      interval,
      item.quantity ?? 1,
      toDate(item.current_period_start ?? sub.current_period_start),
      toDate(item.current_period_end ?? sub.current_period_end),
      sub.cancel_at_period_end,
      toDate(sub.canceled_at),
      toDate(sub.trial_end),
      dunning ? at : null,
      item.price.id,
      at,
      new Date(sub.created * 1000),
    ],
  );
  if (!written) {
    // An older past-due snapshot still tells when the customer fell behind.
    const earlier = dunning
      ? await tx.query(
          `UPDATE subscriptions SET past_due_since = $2
            WHERE stripe_subscription_id = $1 AND status IN ${DUNNING} AND past_due_since > $2`,
          [sub.id, at],
        )
      : null;
    return { outcome: (earlier?.rowCount ?? 0) > 0 ? 'applied' : 'stale', accountId };
  }
  await tx.query(
    'UPDATE invoices SET subscription_id = $1 WHERE stripe_subscription_id = $2 AND subscription_id IS DISTINCT FROM $1',
    [written.id, sub.id],
  );
  return { outcome: 'applied', accountId };
}

const INVOICE_RANK = `CASE $S WHEN 'draft' THEN 0 WHEN 'open' THEN 1 WHEN 'uncollectible' THEN 2 ELSE 3 END`;
const invoiceRankOf = (column: string) => INVOICE_RANK.replace('$S', column);

async function applyInvoice(tx: Queryable, invoice: StripeInvoice, at: Date): Promise<Effect> {
  const stripeSubscriptionId = subscriptionIdOfInvoice(invoice);
  const viaSubscription =
    stripeSubscriptionId === null
      ? undefined
      : await one<{ id: string; billing_account_id: string }>(
          tx,
          'SELECT id, billing_account_id FROM subscriptions WHERE stripe_subscription_id = $1',
          [stripeSubscriptionId],
        );
  const accountId =
    (await accountByCustomer(tx, invoice.customer)) ?? viaSubscription?.billing_account_id ?? null;
  if (accountId === null) return { outcome: 'unmatched', accountId: null };
  const tax = invoice.total_taxes?.reduce((sum, t) => sum + t.amount, 0) ?? invoice.tax ?? 0;
  const paidAt = invoice.status === 'paid' ? (toDate(invoice.status_transitions?.paid_at) ?? at) : null;
  const written = await one<{ id: string }>(
    tx,
    `INSERT INTO invoices AS i (billing_account_id, subscription_id, stripe_invoice_id, stripe_subscription_id, number,
        status, currency, subtotal_cents, tax_cents, total_cents, amount_due_cents, amount_paid_cents,
        hosted_invoice_url, invoice_pdf_url, period_start, period_end, issued_at, paid_at, stripe_event_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
     ON CONFLICT (stripe_invoice_id) WHERE stripe_invoice_id IS NOT NULL DO UPDATE SET
       subscription_id = COALESCE(EXCLUDED.subscription_id, i.subscription_id), number = EXCLUDED.number,
       status = EXCLUDED.status, currency = EXCLUDED.currency, subtotal_cents = EXCLUDED.subtotal_cents,
       tax_cents = EXCLUDED.tax_cents, total_cents = EXCLUDED.total_cents,
       amount_due_cents = EXCLUDED.amount_due_cents, amount_paid_cents = EXCLUDED.amount_paid_cents,
       hosted_invoice_url = EXCLUDED.hosted_invoice_url, invoice_pdf_url = EXCLUDED.invoice_pdf_url,
       period_start = EXCLUDED.period_start, period_end = EXCLUDED.period_end,
       issued_at = EXCLUDED.issued_at, paid_at = EXCLUDED.paid_at, stripe_event_at = EXCLUDED.stripe_event_at
     WHERE ${invoiceRankOf('EXCLUDED.status')} > ${invoiceRankOf('i.status')}
        OR (${invoiceRankOf('EXCLUDED.status')} = ${invoiceRankOf('i.status')}
            AND (i.stripe_event_at IS NULL OR i.stripe_event_at <= EXCLUDED.stripe_event_at))
     RETURNING id`,
    [
      accountId,
      viaSubscription?.id ?? null,
      invoice.id,
      stripeSubscriptionId,
      invoice.number ?? null,
      invoice.status,
      invoice.currency,
      // A proration credit can make a subtotal negative; the column counts what was billed.
      Math.max(0, invoice.subtotal),
      Math.max(0, tax),
      invoice.total,
      Math.max(0, invoice.amount_due),
      Math.max(0, invoice.amount_paid),
      invoice.hosted_invoice_url ?? null,
      invoice.invoice_pdf ?? null,
      toDate(invoice.period_start),
      toDate(invoice.period_end),
      toDate(invoice.status_transitions?.finalized_at) ?? new Date(invoice.created * 1000),
      paidAt,
      at,
    ],
  );
  return { outcome: written ? 'applied' : 'stale', accountId };
}

async function applyCheckoutCompleted(
  tx: Queryable,
  session: { client_reference_id?: string | null | undefined; customer?: string | null | undefined },
): Promise<Effect> {
  const accountId =
    (await accountById(tx, session.client_reference_id)) ??
    (session.customer ? await accountByCustomer(tx, session.customer) : null);
  if (accountId === null) return { outcome: 'unmatched', accountId: null };
  if (session.customer) {
    await tx.query(
      'UPDATE billing_accounts SET stripe_customer_id = $2 WHERE id = $1 AND stripe_customer_id IS NULL',
      [accountId, session.customer],
    );
  }
  return { outcome: 'applied', accountId };
}

async function applyCustomerUpdated(
  tx: Queryable,
  customer: { id: string; email?: string | null | undefined },
): Promise<Effect> {
  const accountId = await accountByCustomer(tx, customer.id);
  if (accountId === null) return { outcome: 'unmatched', accountId: null };
  await tx.query('UPDATE billing_accounts SET billing_email = $2 WHERE id = $1', [
    accountId,
    customer.email ?? null,
  ]);
  return { outcome: 'applied', accountId };
}
