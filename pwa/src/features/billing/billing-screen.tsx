import { useCallback, useEffect, useState } from 'react';
import type { BillingView, QuotaView } from '@linkhub/shared/billing/api';
import type { BillingInterval, PaidPlanKey } from '@linkhub/shared/billing/catalogue';
import { PLANS } from '@linkhub/shared/entitlements/plans';
import { useWorkspace } from '../../workspace/workspace-context';
import { errorText } from '../../ui/error-messages';
import { changePlan, fetchBilling, fetchQuota, goToStripe, openPortal, startCheckout } from './billing-api';
import { QuotaPanel } from './quota-panel';
import { SubscriptionPanel } from './subscription-panel';
import { InvoiceList } from './invoice-list';
import { EditableChooser } from './editable-chooser';
import './billing.css';

/**
 * The Plan section: every role sees the quota view; the Owner also sees billing — plan, upgrade,
 * the Stripe portal (card, invoices, cancel), invoices and, after a downgrade, which items stay editable.
 */
export default function BillingScreen(_props: { rest: string[] }) {
  const { workspace } = useWorkspace();
  const isOwner = workspace.role === 'owner';
  const [quota, setQuota] = useState<QuotaView | null>(null);
  const [billing, setBilling] = useState<BillingView | null>(null);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      if (isOwner) {
        const view = await fetchBilling(workspace.id);
        setBilling(view);
        setQuota(view.quota);
      } else {
        setQuota(await fetchQuota(workspace.id));
      }
      setError('');
    } catch (e) {
      setError(errorText(e));
    }
  }, [isOwner, workspace.id]);

  useEffect(() => {
    void load();
  }, [load, workspace.plan, workspace.billing_status]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage('');
    try {
      await work();
    } catch (e) {
      setMessage(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const upgrade = (plan: PaidPlanKey, interval: BillingInterval) =>
    act(async () => goToStripe(await startCheckout(workspace.id, { plan, interval })));
  const switchPlan = (plan: PaidPlanKey, interval: BillingInterval) =>
    act(async () => {
      await changePlan(workspace.id, { plan, interval });
      setMessage(`Switching to ${PLANS[plan].name}: Stripe is confirming the change, prorated.`);
    });
  const manage = () => act(async () => goToStripe(await openPortal(workspace.id)));
  const returned = new URLSearchParams(window.location.search).get('checkout');

  return (
    <div className="billing">
      {returned === 'success' && (
        <p className="banner" role="status">
          Thanks! Your plan changes as soon as Stripe confirms the payment.
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      {quota && <QuotaPanel quota={quota} />}
      {isOwner && billing && (
        <>
          <SubscriptionPanel
            billing={billing}
            busy={busy}
            onUpgrade={upgrade}
            onSwitch={switchPlan}
            onManage={manage}
            workspaceSlug={workspace.slug}
          />
          {message && (
            <p className="form-message" role="status">
              {message}
            </p>
          )}
          {billing.over_cap.map((group) => (
            <EditableChooser
              key={group.resource_type}
              group={group}
              onSaved={(view) => {
                setBilling(view);
                setQuota(view.quota);
              }}
            />
          ))}
          <InvoiceList invoices={billing.invoices} />
        </>
      )}
      {!isOwner && <p className="muted">Only the workspace owner manages billing.</p>}
    </div>
  );
}
