import { api } from '../../api/api';
import { platform } from '../../platform/bridge';
import {
  billingNoticeSchema,
  billingViewSchema,
  quotaViewSchema,
  redirectUrlSchema,
  type BillingNotice,
  type BillingView,
  type CheckoutRequest,
  type LockableResourceType,
  type QuotaView,
} from '@linkhub/shared/billing/api';

/** The billing REST calls of the editor; answers are parsed with the shared schemas. */
const base = (workspaceId: string) => `/api/workspaces/${workspaceId}`;

export async function fetchQuota(workspaceId: string): Promise<QuotaView> {
  return quotaViewSchema.parse(await api<unknown>(`${base(workspaceId)}/quota`));
}

/** The billing notice alone: what the past-due banner shows (the quota view's counts are not read). */
export async function fetchBillingNotice(workspaceId: string): Promise<BillingNotice> {
  return billingNoticeSchema.parse(await api<unknown>(`${base(workspaceId)}/quota/billing-notice`));
}

export async function fetchBilling(workspaceId: string): Promise<BillingView> {
  return billingViewSchema.parse(await api<unknown>(`${base(workspaceId)}/billing`));
}

/** The Stripe page to go to (Checkout or the Customer Portal). */
export async function startCheckout(workspaceId: string, choice: CheckoutRequest): Promise<string> {
  return redirectUrlSchema.parse(
    await api<unknown>(`${base(workspaceId)}/billing/checkout`, { body: choice }),
  ).url;
}

export async function openPortal(workspaceId: string): Promise<string> {
  return redirectUrlSchema.parse(await api<unknown>(`${base(workspaceId)}/billing/portal`, { body: {} })).url;
}

export async function changePlan(workspaceId: string, choice: CheckoutRequest): Promise<void> {
  await api<unknown>(`${base(workspaceId)}/billing/change-plan`, { body: choice });
}

export async function keepEditable(
  workspaceId: string,
  resourceType: LockableResourceType,
  keepIds: string[],
): Promise<BillingView> {
  return billingViewSchema.parse(
    await api<unknown>(`${base(workspaceId)}/billing/editable`, {
      body: { resource_type: resourceType, keep_ids: keepIds },
    }),
  );
}

/**
 * Goes to a Stripe-hosted page: in the browser the tab goes there and Stripe brings it back to
 * /billing; the desktop app opens it in the system browser (its own window loads only the editor).
 */
export async function goToStripe(url: string): Promise<void> {
  const bridge = platform();
  if (bridge.isDesktop) await bridge.openExternal(url);
  else window.location.assign(url);
}

export function formatDate(iso: string | null): string {
  return iso === null ? '' : new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}
