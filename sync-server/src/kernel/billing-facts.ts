import type { RowOf } from '@linkhub/shared/server/db/row';
import type { workspaces } from '@linkhub/shared/server/db/schema/workspaces';
import { isPlanKey } from '@linkhub/shared/entitlements/plans';
import {
  WORKSPACE_BILLING_STATUSES,
  deriveBillingState,
  type BillingFacts,
  type BillingState,
  type WorkspaceBillingStatus,
} from '@linkhub/shared/billing/billing-state';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';

/**
 * The stored billing facts of a workspace, as columns of a query over `workspaces w`: plan, status,
 * past-due date and — only while dunning — the hosted page of the oldest open invoice. Every reader
 * (authorize, the quota view, the billing screen) loads these and derives with deriveBillingState.
 */
export const BILLING_FACTS_COLUMNS = `w.current_plan_key, w.billing_status, w.past_due_since,
  CASE WHEN w.billing_status IN ('past_due', 'unpaid') THEN
    (SELECT i.hosted_invoice_url FROM invoices i
      WHERE i.billing_account_id = w.billing_account_id AND i.status = 'open' AND i.hosted_invoice_url IS NOT NULL
      ORDER BY i.issued_at ASC NULLS LAST LIMIT 1)
  END AS open_invoice_url`;

export type BillingFactsRow = RowOf<
  typeof workspaces,
  'currentPlanKey' | 'billingStatus' | 'pastDueSince'
> & {
  open_invoice_url: string | null;
};

const isStatus = (value: string): value is WorkspaceBillingStatus =>
  (WORKSPACE_BILLING_STATUSES as readonly string[]).includes(value);

export function billingFactsOf(row: BillingFactsRow): BillingFacts {
  return {
    plan: isPlanKey(row.current_plan_key) ? row.current_plan_key : 'free',
    status: isStatus(row.billing_status) ? row.billing_status : 'active',
    past_due_since: row.past_due_since,
    open_invoice_url: row.open_invoice_url,
  };
}

/** A workspace's derived billing state now, or null when it does not exist. */
export async function billingStateOf(
  db: Queryable,
  workspaceId: string,
  now: Date,
): Promise<BillingState | null> {
  const row = await one<BillingFactsRow>(
    db,
    `SELECT ${BILLING_FACTS_COLUMNS} FROM workspaces w WHERE w.id = $1`,
    [workspaceId],
  );
  return row ? deriveBillingState(billingFactsOf(row), now) : null;
}
