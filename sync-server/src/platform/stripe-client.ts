import Stripe from 'stripe';
import type { StripePriceIds } from '@linkhub/shared/billing/catalogue';
import type { SyncServerEnv } from './env';
import { stripePricesFrom } from './stripe-env';

/** Stripe as the composition root builds it: the SDK client, the webhook secret and the price map. */
export type StripeBilling = {
  readonly stripe: Stripe;
  readonly webhookSecret: string;
  readonly prices: StripePriceIds;
};

/** Network budget per Stripe call: checkout and portal answer 503 quickly when Stripe is down. */
const STRIPE_TIMEOUT_MS = 10_000;

/** Null when STRIPE_SECRET_KEY is unset: the product then runs fully on Free. */
export function createStripeBilling(config: SyncServerEnv): StripeBilling | null {
  const key = config.STRIPE_SECRET_KEY;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  if (key === undefined || webhookSecret === undefined) return null;
  const api = config.STRIPE_API_URL === undefined ? null : new URL(config.STRIPE_API_URL);
  const stripe = new Stripe(key, {
    maxNetworkRetries: 1,
    timeout: STRIPE_TIMEOUT_MS,
    appInfo: { name: 'LinkHub' },
    ...(api === null
      ? {}
      : {
          host: api.hostname,
          port: api.port === '' ? (api.protocol === 'https:' ? 443 : 80) : Number(api.port),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }),
  });
  return { stripe, webhookSecret, prices: stripePricesFrom(config) };
}
