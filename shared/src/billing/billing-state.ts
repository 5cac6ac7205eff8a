import { PLANS, type FeatureKey, type PlanKey, type QuotaField } from '../entitlements/plans';

/** A workspace's billing status as stored (`workspaces.billing_status`). */
export const WORKSPACE_BILLING_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'canceled'] as const;
export type WorkspaceBillingStatus = (typeof WORKSPACE_BILLING_STATUSES)[number];

/** Dunning (docs/product-rules.md#plans-and-billing): days 0–7 of past_due are a banner; from day 8 writes are refused. */
export const DUNNING_BANNER_DAYS = 8;
const DAY_MS = 86_400_000;

/** What billing knows about a workspace: the stored facts, never a derived flag. */
export type BillingFacts = {
  readonly plan: PlanKey;
  readonly status: WorkspaceBillingStatus;
  readonly past_due_since: Date | null;
  /** The hosted page of the oldest unpaid (open) invoice, where the Owner pays. */
  readonly open_invoice_url: string | null;
};

export type BillingNotice = 'none' | 'trialing' | 'past_due' | 'writes_blocked' | 'canceled';

export type BillingState = {
  readonly plan: PlanKey;
  readonly status: WorkspaceBillingStatus;
  /** Whole days since the workspace fell past due (day 0 is the first day), or null. */
  readonly dunning_day: number | null;
  readonly notice: BillingNotice;
  /** Step 8a of authorize(): every non-exempt write is refused while true. */
  readonly writes_blocked: boolean;
  /** When writes stop (before) or stopped (after); null when not past due. */
  readonly grace_ends_at: string | null;
  readonly invoice_url: string | null;
  readonly limits: Readonly<Record<QuotaField, number | null>>;
  readonly features: Readonly<Record<FeatureKey, boolean>>;
};

/**
 * THE derivation of entitlements from billing: plan + status + dunning day → writes_blocked,
 * grace_ends_at, caps and features. authorize() (step 8a), the quota view, the billing screen and
 * the banner all read it; nothing else computes a dunning day. Never an input to how a link, a QR
 * code or a published page is served.
 */
export function deriveBillingState(facts: BillingFacts, now: Date): BillingState {
  // A canceled subscription leaves the workspace on Free (its content kept, over-cap items read-only).
  const plan: PlanKey = facts.status === 'canceled' ? 'free' : facts.plan;
  const dunning = facts.status === 'past_due' || facts.status === 'unpaid';
  const since = dunning ? facts.past_due_since : null;
  const dunningDay =
    since === null ? null : Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
  const graceEndsAt = since === null ? null : new Date(since.getTime() + DUNNING_BANNER_DAYS * DAY_MS);
  // `unpaid` is Stripe giving up on retries: blocked whatever the day.
  const writesBlocked =
    facts.status === 'unpaid' || (graceEndsAt !== null && now.getTime() >= graceEndsAt.getTime());
  return {
    plan,
    status: facts.status,
    dunning_day: dunningDay,
    notice: writesBlocked
      ? 'writes_blocked'
      : dunning
        ? 'past_due'
        : facts.status === 'trialing'
          ? 'trialing'
          : facts.status === 'canceled'
            ? 'canceled'
            : 'none',
    writes_blocked: writesBlocked,
    grace_ends_at: graceEndsAt?.toISOString() ?? null,
    invoice_url: dunning ? facts.open_invoice_url : null,
    limits: PLANS[plan].limits,
    features: PLANS[plan].features,
  };
}
