import type { RowOf } from '@linkhub/shared/server/db/row';
import type { billingAccounts } from '@linkhub/shared/server/db/schema/workspaces';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ConflictError, ValidationError } from '@linkhub/shared/errors/app-error';
import { checkoutRequestSchema, editableRequestSchema } from '@linkhub/shared/billing/api';
import { withTransaction, one, type Queryable } from '@linkhub/shared/server/db/sql';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { appBaseUrl } from '../../identity/app-links';
import { parseBody, uuidParam } from '../../http/session-context';
import { actorOf, sessionUserOf } from '../../http/session';
import { requireAllowed } from '../../kernel/authorize-input';
import { writeAudit } from '../../identity/audit';
import { billingStateOf } from '../../kernel/billing-facts';
import { billingNotice, billingView, quotaView, runningSubscription } from './views';
import { chooseEditable, LOCKABLE } from '../../kernel/edit-locks';
import { changePlan, createCheckout, createPortal, ensureCustomer, stripeUnavailable } from './stripe-calls';

const emptyBody = z.strictObject({});

type AccountRow = RowOf<typeof billingAccounts, 'id' | 'stripeCustomerId'> & {
  owner_email: string;
  owner_name: string;
  has_subscriptions: boolean;
};

async function accountOf(db: Queryable, workspaceId: string): Promise<AccountRow> {
  const row = await one<AccountRow>(
    db,
    `SELECT b.id, b.stripe_customer_id, u.email AS owner_email, u.name AS owner_name,
            EXISTS (SELECT 1 FROM subscriptions s WHERE s.billing_account_id = b.id) AS has_subscriptions
       FROM workspaces w JOIN billing_accounts b ON b.id = w.billing_account_id JOIN users u ON u.id = b.owner_user_id
      WHERE w.id = $1`,
    [workspaceId],
  );
  if (!row) throw new Error(`no billing account for workspace ${workspaceId}`);
  return row;
}

/**
 * `/api/workspaces/:workspaceId/quota` (every role: caps and use, no prices) and `…/billing…`
 * (Owner only, dashboard session only: authorize() refuses every API key for the billing domain).
 */
export function billingRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const pwa = appBaseUrl(deps.config.PUBLIC_PWA_URL);

  /** A quota read for anyone who may view the quota; owners see what only they may act on. */
  const quotaRead =
    <T>(read: (db: typeof deps.pool, workspaceId: string, isOwner: boolean, now: Date) => Promise<T>) =>
    async (c: Context<AppEnv>) => {
      const ws = uuidParam(c, 'workspaceId');
      const ctx = await requireAllowed(deps.pool, await actorOf(c, deps), ws, 'workspace.view_quota', {
        type: 'workspace',
        id: ws,
      });
      return c.json({
        data: await read(deps.pool, ws, ctx.membershipRow.role === 'owner', new Date()),
        meta: {},
      });
    };

  app.get('/:workspaceId/quota', quotaRead(quotaView));
  // The editor's past-due banner: the notice alone, not the six counts of the quota view.
  app.get('/:workspaceId/quota/billing-notice', quotaRead(billingNotice));

  app.get('/:workspaceId/billing', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    await requireAllowed(deps.pool, actor, ws, 'billing.view_plan');
    sessionUserOf(actor);
    c.header('Cache-Control', 'no-store');
    return c.json({
      data: await billingView(deps.pool, ws, deps.billing?.prices ?? null, new Date()),
      meta: {},
    });
  });

  app.post('/:workspaceId/billing/checkout', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    const input = await parseBody(c, checkoutRequestSchema);
    await requireAllowed(deps.pool, actor, ws, 'billing.start_checkout');
    const me = sessionUserOf(actor);
    const billing = deps.billing;
    if (billing === null) throw stripeUnavailable('not_configured');
    const account = await accountOf(deps.pool, ws);
    if ((await runningSubscription(deps.pool, account.id)) !== null) {
      throw new ConflictError('conflict', {
        message:
          'This workspace already has a subscription: change its plan or manage it in the billing portal.',
        details: [{ field: 'plan', issue: 'already_subscribed' }],
      });
    }
    const customerId = await ensureCustomer(billing, deps.logger, account, async (id) => {
      await deps.pool.query(
        'UPDATE billing_accounts SET stripe_customer_id = $2 WHERE id = $1 AND stripe_customer_id IS NULL',
        [account.id, id],
      );
    });
    const url = await createCheckout(billing, deps.logger, {
      accountId: account.id,
      customerId,
      plan: input.plan,
      interval: input.interval,
      firstSubscription: !account.has_subscriptions,
      successUrl: `${pwa}/billing?checkout=success`,
      cancelUrl: `${pwa}/billing?checkout=canceled`,
    });
    await writeAudit(deps.pool, {
      workspaceId: ws,
      actor: { type: 'user', userId: me.user.id },
      action: 'billing.checkout_started',
      resourceType: 'workspace',
      resourceId: ws,
      after: { plan: input.plan, interval: input.interval },
      requestId: c.get('requestId'),
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { url }, meta: {} });
  });

  app.post('/:workspaceId/billing/change-plan', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    const input = await parseBody(c, checkoutRequestSchema);
    await requireAllowed(deps.pool, actor, ws, 'billing.change_plan');
    const me = sessionUserOf(actor);
    const billing = deps.billing;
    if (billing === null) throw stripeUnavailable('not_configured');
    const account = await accountOf(deps.pool, ws);
    const sub = await runningSubscription(deps.pool, account.id);
    if (sub === null || sub.stripe_subscription_id === null) {
      throw new ConflictError('conflict', {
        message: 'This workspace has no subscription to change: upgrade through checkout.',
        details: [{ field: 'plan', issue: 'no_subscription' }],
      });
    }
    await changePlan(billing, deps.logger, sub.stripe_subscription_id, input.plan, input.interval);
    await writeAudit(deps.pool, {
      workspaceId: ws,
      actor: { type: 'user', userId: me.user.id },
      action: 'billing.plan_change_requested',
      resourceType: 'workspace',
      resourceId: ws,
      before: { plan: sub.plan_key, interval: sub.billing_interval },
      after: { plan: input.plan, interval: input.interval },
      requestId: c.get('requestId'),
    });
    // Stripe confirms through the webhook; the plan changes when it arrives.
    return c.json({ data: { requested: { plan: input.plan, interval: input.interval } }, meta: {} }, 202);
  });

  app.post('/:workspaceId/billing/portal', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    await parseBody(c, emptyBody);
    await requireAllowed(deps.pool, actor, ws, 'billing.update_payment_method');
    sessionUserOf(actor);
    const billing = deps.billing;
    if (billing === null) throw stripeUnavailable('not_configured');
    const account = await accountOf(deps.pool, ws);
    const customerId = await ensureCustomer(billing, deps.logger, account, async (id) => {
      await deps.pool.query(
        'UPDATE billing_accounts SET stripe_customer_id = $2 WHERE id = $1 AND stripe_customer_id IS NULL',
        [account.id, id],
      );
    });
    const url = await createPortal(billing, deps.logger, customerId, `${pwa}/billing`);
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { url }, meta: {} });
  });

  app.post('/:workspaceId/billing/editable', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    const input = await parseBody(c, editableRequestSchema);
    await requireAllowed(deps.pool, actor, ws, 'billing.change_plan');
    const me = sessionUserOf(actor);
    const now = new Date();
    const state = await billingStateOf(deps.pool, ws, now);
    if (state === null) throw new Error('workspace vanished');
    const limit = state.limits[LOCKABLE[input.resource_type].field];
    const keep = [...new Set(input.keep_ids)];
    if (limit !== null && keep.length > limit) {
      throw new ValidationError([{ field: 'keep_ids', issue: 'too_many', maximum: limit }], {
        message: `The ${state.plan} plan keeps at most ${limit} editable.`,
      });
    }
    await withTransaction(deps.pool, async (tx) => {
      await chooseEditable(tx, ws, state.plan, input.resource_type, keep, now);
      await writeAudit(tx, {
        workspaceId: ws,
        actor: { type: 'user', userId: me.user.id },
        action: 'billing.editable_chosen',
        resourceType: 'workspace',
        resourceId: ws,
        after: { resource_type: input.resource_type, keep_ids: keep },
        requestId: c.get('requestId'),
      });
    });
    return c.json({ data: await billingView(deps.pool, ws, deps.billing?.prices ?? null, now), meta: {} });
  });

  return app;
}
