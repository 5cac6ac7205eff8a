import type { RowOf } from '@linkhub/shared/server/db/row';
import type { subscriptions } from '@linkhub/shared/server/db/schema/billing';
import type { workspaces } from '@linkhub/shared/server/db/schema/workspaces';
import { PLANS, QUOTA_FIELDS } from '@linkhub/shared/entitlements/plans';
import { deriveBillingState, type BillingState } from '@linkhub/shared/billing/billing-state';
import { isPaidPlan, purchasableOptions, type StripePriceIds } from '@linkhub/shared/billing/catalogue';
import type { BillingNotice, BillingView, InvoiceView, QuotaView } from '@linkhub/shared/billing/api';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { quotaUsage } from '../../kernel/quota-usage';
import { BILLING_FACTS_COLUMNS, billingFactsOf, type BillingFactsRow } from '../../kernel/billing-facts';
import { LOCKABLE, LOCKABLE_TYPES, lockableItems } from '../../kernel/edit-locks';

type WorkspaceBillingRow = BillingFactsRow &
  RowOf<typeof workspaces, 'billingAccountId'> & {
    owner_name: string;
    owner_email: string;
    stored_writes_blocked: boolean;
  };

async function loadWorkspaceBilling(db: Queryable, workspaceId: string): Promise<WorkspaceBillingRow> {
  const row = await one<WorkspaceBillingRow>(
    db,
    `SELECT w.billing_account_id, u.name AS owner_name, u.email AS owner_email, w.writes_blocked AS stored_writes_blocked,
            ${BILLING_FACTS_COLUMNS}
       FROM workspaces w JOIN users u ON u.id = w.owner_user_id WHERE w.id = $1`,
    [workspaceId],
  );
  if (!row) throw new Error(`billing view of a missing workspace ${workspaceId}`);
  return row;
}

async function readOnlyCounts(db: Queryable, workspaceId: string): Promise<QuotaView['read_only']> {
  const row = await one<{ bio_page: number; link: number; qr_code: number }>(
    db,
    `SELECT (SELECT count(*)::int FROM bio_pages WHERE workspace_id = $1 AND edit_locked_at IS NOT NULL AND deleted_at IS NULL) AS bio_page,
            (SELECT count(*)::int FROM links WHERE workspace_id = $1 AND edit_locked_at IS NOT NULL AND deleted_at IS NULL) AS link,
            (SELECT count(*)::int FROM qr_codes WHERE workspace_id = $1 AND edit_locked_at IS NOT NULL AND deleted_at IS NULL) AS qr_code`,
    [workspaceId],
  );
  return row ?? { bio_page: 0, link: 0, qr_code: 0 };
}

function noticeFrom(state: BillingState, row: WorkspaceBillingRow, isOwner: boolean): BillingNotice {
  return {
    notice: state.notice,
    status: state.status,
    dunning_day: state.dunning_day,
    writes_blocked: state.writes_blocked,
    grace_ends_at: state.grace_ends_at,
    invoice_url: isOwner ? state.invoice_url : null,
    owner: { name: row.owner_name, email: row.owner_email },
  };
}

function quotaFrom(
  state: BillingState,
  row: WorkspaceBillingRow,
  usage: QuotaView['usage'],
  readOnly: QuotaView['read_only'],
  isOwner: boolean,
): QuotaView {
  return {
    plan: state.plan,
    plan_name: PLANS[state.plan].name,
    usage,
    features: { ...state.features },
    billing: noticeFrom(state, row, isOwner),
    read_only: readOnly,
  };
}

/** The quota view every role may read (workspace.view_quota): caps, use, the billing notice; no prices. */
export async function quotaView(
  db: Queryable,
  workspaceId: string,
  isOwner: boolean,
  now: Date,
): Promise<QuotaView> {
  return (await quotaWithBillingRow(db, workspaceId, isOwner, now)).quota;
}

/**
 * The workspace's billing row and state. The editor's offline gate reads the stored copy of
 * `writes_blocked`; day 8 arrives without an event, so every read of the notice (the banner, the
 * quota view) brings the copy up to date.
 */
async function billingStateNow(
  db: Queryable,
  workspaceId: string,
  now: Date,
): Promise<{ state: BillingState; row: WorkspaceBillingRow }> {
  const row = await loadWorkspaceBilling(db, workspaceId);
  const state = deriveBillingState(billingFactsOf(row), now);
  if (state.writes_blocked !== row.stored_writes_blocked) {
    await db.query('UPDATE workspaces SET writes_blocked = $2 WHERE id = $1 AND writes_blocked <> $2', [
      workspaceId,
      state.writes_blocked,
    ]);
  }
  return { state, row };
}

/** The billing notice alone (the editor's past-due banner): no usage or read-only counts. */
export async function billingNotice(
  db: Queryable,
  workspaceId: string,
  isOwner: boolean,
  now: Date,
): Promise<BillingNotice> {
  const { state, row } = await billingStateNow(db, workspaceId, now);
  return noticeFrom(state, row, isOwner);
}

/** The quota view and the workspace's billing row it was built from (the billing screen reads both). */
async function quotaWithBillingRow(
  db: Queryable,
  workspaceId: string,
  isOwner: boolean,
  now: Date,
): Promise<{ quota: QuotaView; row: WorkspaceBillingRow }> {
  const { state, row } = await billingStateNow(db, workspaceId, now);
  const usage = await Promise.all(
    QUOTA_FIELDS.map(async (field) => ({
      field,
      used: await quotaUsage(db, workspaceId, field),
      limit: state.limits[field],
    })),
  );
  return { quota: quotaFrom(state, row, usage, await readOnlyCounts(db, workspaceId), isOwner), row };
}

type SubscriptionRow = RowOf<
  typeof subscriptions,
  | 'planKey'
  | 'billingInterval'
  | 'status'
  | 'currentPeriodEnd'
  | 'cancelAtPeriodEnd'
  | 'trialEndsAt'
  | 'stripeSubscriptionId'
>;

/** The account's running subscription (the one the plan comes from), if any. */
export async function runningSubscription(
  db: Queryable,
  billingAccountId: string,
): Promise<SubscriptionRow | null> {
  return (
    (await one<SubscriptionRow>(
      db,
      `SELECT plan_key, billing_interval, status, current_period_end, cancel_at_period_end, trial_ends_at, stripe_subscription_id
         FROM subscriptions
        WHERE billing_account_id = $1 AND status IN ('active', 'trialing', 'past_due', 'unpaid')
        ORDER BY created_at DESC LIMIT 1`,
      [billingAccountId],
    )) ?? null
  );
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The Owner's billing screen: the quota view plus subscription, invoices, what can be bought, over-cap items. */
export async function billingView(
  db: Queryable,
  workspaceId: string,
  prices: StripePriceIds | null,
  now: Date,
): Promise<BillingView> {
  const { quota, row } = await quotaWithBillingRow(db, workspaceId, true, now);
  const sub = await runningSubscription(db, row.billing_account_id);
  const invoices = await rows<{
    stripe_invoice_id: string | null;
    id: string;
    number: string | null;
    status: InvoiceView['status'];
    currency: string;
    total_cents: number;
    amount_due_cents: number;
    issued_at: Date | null;
    paid_at: Date | null;
    hosted_invoice_url: string | null;
    invoice_pdf_url: string | null;
  }>(
    db,
    `SELECT id, stripe_invoice_id, number, status, currency, total_cents, amount_due_cents, issued_at, paid_at,
            hosted_invoice_url, invoice_pdf_url
       FROM invoices WHERE billing_account_id = $1 AND status <> 'draft'
      ORDER BY issued_at DESC NULLS LAST, created_at DESC LIMIT 24`,
    [row.billing_account_id],
  );
  const overCap: BillingView['over_cap'] = [];
  for (const type of LOCKABLE_TYPES) {
    const limit = quota.usage.find((u) => u.field === LOCKABLE[type].field)?.limit ?? null;
    const locked = quota.read_only[type];
    if (limit === null || locked === 0) continue;
    const items = await lockableItems(db, workspaceId, type);
    overCap.push({
      resource_type: type,
      limit,
      items: items.map((i) => ({ id: i.id, title: i.title, edit_locked: i.edit_locked })),
    });
  }
  return {
    stripe_configured: prices !== null,
    quota,
    subscription:
      sub && isPaidPlan(sub.plan_key)
        ? {
            plan: sub.plan_key,
            interval: sub.billing_interval,
            status: sub.status,
            current_period_end: iso(sub.current_period_end),
            cancel_at_period_end: sub.cancel_at_period_end,
            trial_ends_at: iso(sub.trial_ends_at),
          }
        : null,
    options: prices === null ? [] : purchasableOptions(prices),
    invoices: invoices.map((i) => ({
      id: i.stripe_invoice_id ?? i.id,
      number: i.number,
      status: i.status,
      currency: i.currency,
      total_cents: i.total_cents,
      amount_due_cents: i.amount_due_cents,
      issued_at: iso(i.issued_at),
      paid_at: iso(i.paid_at),
      hosted_invoice_url: i.hosted_invoice_url,
      invoice_pdf_url: i.invoice_pdf_url,
    })),
    over_cap: overCap,
  };
}
