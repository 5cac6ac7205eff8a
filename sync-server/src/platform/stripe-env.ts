import { z } from 'zod';
import { envFields } from '@linkhub/shared/config/env';
import type { StripePriceIds } from '@linkhub/shared/billing/catalogue';
import { PLAN_KEYS, type PlanKey } from '@linkhub/shared/entitlements/plans';

const priceId = z
  .string()
  .regex(/^price_\w+$/, 'must be a Stripe price id (price_…)')
  .optional();

/**
 * Billing settings, part of the sync-server's one env schema (env.ts spreads `stripeEnvShape`).
 * Without STRIPE_SECRET_KEY the product runs fully on Free: no checkout, no portal, no webhook.
 */
export const stripeEnvShape = {
  /** sk_test_… (Stripe test mode) or sk_live_…; unset = Free only. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  /** whsec_…: the signing secret of the `POST /webhooks/stripe` endpoint. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
  /** Where the Stripe API is (default https://api.stripe.com); tests point the real SDK at a local server. */
  STRIPE_API_URL: envFields.url(['http', 'https']).optional(),
  STRIPE_PRICE_PRO_MONTH: priceId,
  STRIPE_PRICE_PRO_YEAR: priceId,
  STRIPE_PRICE_BUSINESS_MONTH: priceId,
  STRIPE_PRICE_BUSINESS_YEAR: priceId,
  /**
   * The plan a new billing account (and so its workspaces) starts on. Unset: `free` when Stripe is
   * configured (customers upgrade through checkout), else `business` — a server without Stripe has
   * no way to pay, so its operator sets plans instead (D-511).
   */
  DEFAULT_PLAN: z.enum(PLAN_KEYS).optional(),
} as const;

/** The plan new billing accounts start on (D-511). */
export function defaultPlanOf(config: {
  DEFAULT_PLAN?: PlanKey | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
}): PlanKey {
  return config.DEFAULT_PLAN ?? (config.STRIPE_SECRET_KEY === undefined ? 'business' : 'free');
}

/** `stripe`: plans are bought through Stripe; `operator`: the server's operator sets them (D-511). */
export function billingModeOf(config: { STRIPE_SECRET_KEY?: string | undefined }): 'stripe' | 'operator' {
  return config.STRIPE_SECRET_KEY === undefined ? 'operator' : 'stripe';
}

type StripeSettings = {
  [K in Exclude<keyof typeof stripeEnvShape, 'DEFAULT_PLAN'>]?: string | undefined;
};

/** A key without its webhook secret, or without any price to sell, refuses to start (a refinement of the env schema). */
export function requireStripeSettings(config: StripeSettings, ctx: z.RefinementCtx): void {
  if (config.STRIPE_SECRET_KEY === undefined) return;
  if (config.STRIPE_WEBHOOK_SECRET === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_WEBHOOK_SECRET'],
      message: 'is required when STRIPE_SECRET_KEY is set',
    });
  }
  const prices = [
    config.STRIPE_PRICE_PRO_MONTH,
    config.STRIPE_PRICE_PRO_YEAR,
    config.STRIPE_PRICE_BUSINESS_MONTH,
    config.STRIPE_PRICE_BUSINESS_YEAR,
  ];
  if (prices.every((p) => p === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_PRICE_PRO_MONTH'],
      message: 'at least one STRIPE_PRICE_* is required when STRIPE_SECRET_KEY is set',
    });
  }
}

export function stripePricesFrom(config: StripeSettings): StripePriceIds {
  return {
    pro: { month: config.STRIPE_PRICE_PRO_MONTH ?? null, year: config.STRIPE_PRICE_PRO_YEAR ?? null },
    business: {
      month: config.STRIPE_PRICE_BUSINESS_MONTH ?? null,
      year: config.STRIPE_PRICE_BUSINESS_YEAR ?? null,
    },
  };
}
