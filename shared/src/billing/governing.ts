import type { PlanKey } from '../entitlements/plans';
import type { WorkspaceBillingStatus } from './billing-state';

export const STRIPE_SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type StripeSubscriptionStatus = (typeof STRIPE_SUBSCRIPTION_STATUSES)[number];

/** Statuses where the customer holds the plan they pay (or are trying to pay) for. */
const RUNNING_AS: Partial<Record<StripeSubscriptionStatus, WorkspaceBillingStatus>> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'unpaid',
};

export type MirroredSubscription = {
  readonly plan_key: PlanKey;
  readonly status: StripeSubscriptionStatus;
  readonly created_at: Date;
  readonly past_due_since: Date | null;
};

export type AccountBilling = {
  readonly plan: PlanKey;
  readonly status: WorkspaceBillingStatus;
  readonly past_due_since: Date | null;
};

/**
 * What an account's mirrored Stripe subscriptions mean for its workspaces: the newest running one
 * decides the plan; with none running the account is on Free (`canceled` when its last one ended,
 * so the screen can say so). Incomplete, expired-before-paid and paused subscriptions grant nothing.
 */
export function accountBillingFrom(subscriptions: readonly MirroredSubscription[]): AccountBilling {
  const newestFirst = [...subscriptions].sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  const running = newestFirst.find((s) => RUNNING_AS[s.status] !== undefined);
  if (running) {
    const dunning = running.status === 'past_due' || running.status === 'unpaid';
    return {
      plan: running.plan_key,
      status: RUNNING_AS[running.status] ?? 'active',
      past_due_since: dunning ? (running.past_due_since ?? running.created_at) : null,
    };
  }
  const latest = newestFirst[0];
  return {
    plan: 'free',
    status: latest?.status === 'canceled' ? 'canceled' : 'active',
    past_due_since: null,
  };
}
