import type { workspaces } from '@linkhub/shared/server/db/schema/workspaces';
import type { subscriptions } from '@linkhub/shared/server/db/schema/billing';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { isPlanKey } from '@linkhub/shared/entitlements/plans';
import { deriveBillingState } from '@linkhub/shared/billing/billing-state';
import { accountBillingFrom } from '@linkhub/shared/billing/governing';
import { rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { reconcileEditLocks } from '../../kernel/edit-locks';
import { writeAudit } from '../../identity/audit';

/**
 * Projects an account's mirrored Stripe subscriptions onto the account and every workspace it owns
 * (plan, billing status, past-due date; `writes_blocked` as of `now`, a copy for the editor's offline
 * gate — authorize() derives it afresh on every request), then makes what exceeds the plan's caps
 * read-only. Rows are written only when something changes.
 */
export async function projectAccount(db: Queryable, billingAccountId: string, now: Date): Promise<void> {
  const subs = await rows<RowOf<typeof subscriptions, 'planKey' | 'status' | 'createdAt' | 'pastDueSince'>>(
    db,
    'SELECT plan_key, status, created_at, past_due_since FROM subscriptions WHERE billing_account_id = $1',
    [billingAccountId],
  );
  const billing = accountBillingFrom(
    subs.flatMap((s) => (isPlanKey(s.plan_key) ? [{ ...s, plan_key: s.plan_key }] : [])),
  );
  const derived = deriveBillingState({ ...billing, open_invoice_url: null }, now);
  await db.query('UPDATE billing_accounts SET plan_key = $2 WHERE id = $1 AND plan_key <> $2', [
    billingAccountId,
    billing.plan,
  ]);
  const changing = await rows<RowOf<typeof workspaces, 'id' | 'currentPlanKey' | 'billingStatus'>>(
    db,
    `SELECT id, current_plan_key, billing_status FROM workspaces
      WHERE billing_account_id = $1 AND deleted_at IS NULL
        AND (current_plan_key, billing_status, past_due_since, writes_blocked) IS DISTINCT FROM ($2, $3, $4::timestamptz, $5)
      FOR UPDATE`,
    [billingAccountId, billing.plan, billing.status, billing.past_due_since, derived.writes_blocked],
  );
  for (const w of changing) {
    await db.query(
      'UPDATE workspaces SET current_plan_key = $2, billing_status = $3, past_due_since = $4, writes_blocked = $5 WHERE id = $1',
      [w.id, billing.plan, billing.status, billing.past_due_since, derived.writes_blocked],
    );
    if (w.current_plan_key !== billing.plan || w.billing_status !== billing.status) {
      await writeAudit(db, {
        workspaceId: w.id,
        actor: { type: 'system' },
        action: 'billing.plan_changed',
        resourceType: 'workspace',
        resourceId: w.id,
        summary: `Plan ${w.current_plan_key} (${w.billing_status}) → ${billing.plan} (${billing.status})`,
        before: { plan: w.current_plan_key, billing_status: w.billing_status },
        after: { plan: billing.plan, billing_status: billing.status },
      });
    }
  }
  const all = await rows<{ id: string }>(
    db,
    'SELECT id FROM workspaces WHERE billing_account_id = $1 AND deleted_at IS NULL',
    [billingAccountId],
  );
  // Locks follow the effective plan (Free after a cancellation) for every workspace, changed or not,
  // so an item created between two events is covered too.
  for (const w of all) await reconcileEditLocks(db, w.id, derived.plan, now);
}
