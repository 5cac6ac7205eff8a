import type { PlanKey } from '../entitlements/plans';

/**
 * The paid side of the plan catalogue: which plans can be bought, at which intervals, with what
 * trial. Prices (amounts) live in Stripe only; which Stripe price stands for which plan and interval
 * comes from configuration (`StripePriceIds`), so test mode and live mode differ only in settings.
 * Free is not here: it needs no Stripe at all.
 */
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const PAID_PLANS = {
  pro: { trial_days: 14 },
  business: { trial_days: 14 },
} as const satisfies Partial<Record<PlanKey, { readonly trial_days: number }>>;

export type PaidPlanKey = keyof typeof PAID_PLANS;
export const PAID_PLAN_KEYS = ['pro', 'business'] as const satisfies readonly PaidPlanKey[];

/** Configured Stripe price ids; a missing one means that plan/interval cannot be bought here. */
export type StripePriceIds = Readonly<Record<PaidPlanKey, Readonly<Record<BillingInterval, string | null>>>>;

export function isPaidPlan(value: unknown): value is PaidPlanKey {
  return typeof value === 'string' && Object.hasOwn(PAID_PLANS, value);
}

export function priceIdFor(
  prices: StripePriceIds,
  plan: PaidPlanKey,
  interval: BillingInterval,
): string | null {
  return prices[plan][interval];
}

/** The plan and interval a Stripe price stands for, or null for a price this deployment does not sell. */
export function planForPrice(
  prices: StripePriceIds,
  priceId: string,
): { plan: PaidPlanKey; interval: BillingInterval } | null {
  for (const plan of PAID_PLAN_KEYS) {
    for (const interval of BILLING_INTERVALS) {
      if (prices[plan][interval] === priceId) return { plan, interval };
    }
  }
  return null;
}

/** What the billing screen may offer: every plan/interval with a configured price. */
export function purchasableOptions(
  prices: StripePriceIds,
): Array<{ plan: PaidPlanKey; interval: BillingInterval; trial_days: number }> {
  return PAID_PLAN_KEYS.flatMap((plan) =>
    BILLING_INTERVALS.filter((interval) => prices[plan][interval] !== null).map((interval) => ({
      plan,
      interval,
      trial_days: PAID_PLANS[plan].trial_days,
    })),
  );
}
