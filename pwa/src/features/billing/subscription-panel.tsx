import { useState } from 'react';
import type { BillingView } from '@linkhub/shared/billing/api';
import type { BillingInterval, PaidPlanKey } from '@linkhub/shared/billing/catalogue';
import { PLANS } from '@linkhub/shared/entitlements/plans';
import { formatDate } from './billing-api';

type Props = {
  billing: BillingView;
  busy: boolean;
  onUpgrade: (plan: PaidPlanKey, interval: BillingInterval) => void;
  onSwitch: (plan: PaidPlanKey, interval: BillingInterval) => void;
  onManage: () => void;
  /** Named in the operator's command when billing is not configured (D-511). */
  workspaceSlug: string;
};

const STATUS_TEXT: Record<string, string> = {
  active: 'Active',
  trialing: 'Free trial',
  past_due: 'Payment failed',
  unpaid: 'Unpaid',
};

/** The Owner's plan: what it is, how to upgrade (Checkout) or switch (prorated), and the Stripe portal. */
export function SubscriptionPanel({ billing, busy, onUpgrade, onSwitch, onManage, workspaceSlug }: Props) {
  const [interval, setInterval] = useState<BillingInterval>(billing.subscription?.interval ?? 'month');
  const sub = billing.subscription;
  const current = billing.quota.plan;
  const plans = [...new Set(billing.options.filter((o) => o.interval === interval).map((o) => o.plan))];
  const intervals = [...new Set(billing.options.map((o) => o.interval))];
  return (
    <section className="panel" aria-labelledby="plan-title">
      <h2 id="plan-title">Billing</h2>
      {!billing.stripe_configured && (
        <p className="banner">
          Plans on this server are set by its operator (<code>npm run linkhub -- plan set …</code>): there is
          nothing to buy here. To change this workspace&apos;s plan, ask whoever runs the server to run{' '}
          <code>npm run linkhub -- plan set {workspaceSlug} &lt;plan&gt;</code>.
        </p>
      )}
      <p>
        Current plan: <strong>{PLANS[current].name}</strong>
        {sub && (
          <>
            {' '}
            · {sub.interval === 'year' ? 'yearly' : 'monthly'} ·{' '}
            <span className="badge">{STATUS_TEXT[sub.status] ?? sub.status}</span>
            {sub.trial_ends_at && <> · trial ends {formatDate(sub.trial_ends_at)}</>}
            {sub.current_period_end && (
              <>
                {' '}
                · {sub.cancel_at_period_end ? 'ends' : 'renews'} {formatDate(sub.current_period_end)}
              </>
            )}
          </>
        )}
        {!sub && billing.quota.billing.status === 'canceled' && <> · your subscription ended</>}
      </p>
      {intervals.length > 1 && (
        <fieldset className="interval">
          <legend>Billed</legend>
          {intervals.map((i) => (
            <label key={i}>
              <input type="radio" name="interval" checked={interval === i} onChange={() => setInterval(i)} />{' '}
              {i === 'year' ? 'Yearly' : 'Monthly'}
            </label>
          ))}
        </fieldset>
      )}
      <ul className="plan-options" aria-label="Plans">
        {plans.map((plan) => {
          const isCurrent = sub !== null && sub.plan === plan && sub.interval === interval;
          const trial =
            billing.options.find((o) => o.plan === plan && o.interval === interval)?.trial_days ?? 0;
          return (
            <li key={plan}>
              <strong>{PLANS[plan].name}</strong>
              <span className="muted">
                {limitText(PLANS[plan].limits.links, 'links')} ·{' '}
                {limitText(PLANS[plan].limits.qr_codes, 'QR codes')} ·{' '}
                {limitText(PLANS[plan].limits.bio_pages, 'bio pages')}
              </span>
              {isCurrent ? (
                <span className="badge">Your plan</span>
              ) : sub === null ? (
                <button
                  type="button"
                  className="primary"
                  disabled={busy}
                  onClick={() => onUpgrade(plan, interval)}
                >
                  {`Upgrade to ${PLANS[plan].name}`}
                  {trial > 0 ? ` (${trial}-day trial)` : ''}
                </button>
              ) : (
                <button type="button" disabled={busy} onClick={() => onSwitch(plan, interval)}>
                  {`Switch to ${PLANS[plan].name}`}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {billing.stripe_configured && (
        <button type="button" disabled={busy} onClick={onManage}>
          Manage card, invoices and cancellation
        </button>
      )}
    </section>
  );
}

function limitText(limit: number | null, noun: string): string {
  return limit === null ? `unlimited ${noun}` : `${limit.toLocaleString()} ${noun}`;
}
