import { Hono } from 'hono';
import { NotFoundError, ValidationError } from '@linkhub/shared/errors/app-error';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { applyStripeEvent } from './apply-event';
import { stripeEventSchema } from './stripe-objects';

/**
 * `POST /webhooks/stripe`: the signature is verified over the raw body by the SDK's constructEvent;
 * a bad or missing signature is 400 with nothing written. A verified event is applied and
 * committed before the 200, so Stripe retries anything that failed (including a database outage).
 */
export function stripeWebhookRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/stripe', async (c) => {
    const billing = deps.billing;
    if (billing === null) throw new NotFoundError();
    const raw = await c.req.text();
    const signature = c.req.header('stripe-signature') ?? '';
    let verified: unknown;
    try {
      verified = billing.stripe.webhooks.constructEvent(raw, signature, billing.webhookSecret);
    } catch {
      throw new ValidationError([{ field: 'stripe-signature', issue: 'invalid_signature' }], {
        message: 'The Stripe signature of this request is missing or does not match.',
      });
    }
    const event = stripeEventSchema.safeParse(verified);
    if (!event.success) throw ValidationError.fromZod(event.error);
    const outcome = await applyStripeEvent(deps.pool, event.data, raw, billing.prices, new Date());
    if (outcome !== 'applied' && outcome !== 'duplicate') {
      deps.logger.info(
        { event_id: event.data.id, type: event.data.type, outcome },
        'stripe event not applied',
      );
    }
    return c.json({ data: { received: true, outcome }, meta: {} });
  });
  return app;
}
