import { useEffect, useState } from 'react';
import type { BillingNotice } from '@linkhub/shared/billing/api';
import { navigate } from '../../router/router';
import { useWorkspace } from '../../workspace/workspace-context';
import { fetchBillingNotice, formatDate } from './billing-api';
import './billing-banner.css';

/**
 * The past-due banner (docs/product-rules.md#plans-and-billing): days 0–7 a warning with the date editing pauses; from day 8
 * the block with its remedy — the Owner pays the outstanding invoice, everyone else is told who can.
 * Links, QR codes and published pages keep working either way, and the banner says so. The frame
 * mounts it only while the synced workspace is past due or blocked; it reads the notice alone.
 */
export default function BillingBanner() {
  const { workspace } = useWorkspace();
  const [billing, setBilling] = useState<BillingNotice | null>(null);
  useEffect(() => {
    let live = true;
    fetchBillingNotice(workspace.id).then(
      (notice) => live && setBilling(notice),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [workspace.id, workspace.billing_status, workspace.writes_blocked]);
  if (billing === null) return null;
  if (billing.notice !== 'past_due' && billing.notice !== 'writes_blocked') return null;
  const isOwner = workspace.role === 'owner';
  const until = formatDate(billing.grace_ends_at);
  const owner = `${billing.owner.name} (${billing.owner.email})`;
  const blocked = billing.notice === 'writes_blocked';
  const text = blocked
    ? isOwner
      ? 'Editing is paused: pay the outstanding invoice to resume editing.'
      : `Editing is paused until ${owner}, the workspace owner, pays the outstanding invoice.`
    : isOwner
      ? `A payment failed. Pay the open invoice or update your card before ${until} to keep editing.`
      : `There is a payment problem on this workspace. Editing pauses on ${until} unless ${owner}, the workspace owner, fixes it.`;
  return (
    <div className="banner billing-banner" role="status" data-notice={billing.notice}>
      <span>
        <strong>{text}</strong> Your links, QR codes and published pages keep working.
      </span>
      {isOwner && billing.invoice_url !== null && (
        <a className="button primary" href={billing.invoice_url} target="_blank" rel="noopener noreferrer">
          Pay the outstanding invoice
        </a>
      )}
      {isOwner && (
        <a
          href="/billing"
          onClick={(e) => {
            e.preventDefault();
            navigate('/billing');
          }}
        >
          Billing
        </a>
      )}
    </div>
  );
}
