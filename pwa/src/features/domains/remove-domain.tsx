import { useState } from 'react';
import type { DomainView } from '@linkhub/shared/sync/views';
import { displayHost } from '@linkhub/shared/url/display-url';
import { useRep } from '../../replicache/rep-context';

export type DomainUse = { links: number; qrCodes: number; pages: number };

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What stops working at the address when the domain goes, in words ("3 short links and 1 bio page"). */
function lostSentence(use: DomainUse): string {
  const parts = [
    use.links > 0 ? plural(use.links, 'short link', 'short links') : '',
    use.pages > 0 ? plural(use.pages, 'bio page', 'bio pages') : '',
  ].filter(Boolean);
  return parts.length === 0
    ? 'Nothing uses it yet.'
    : `${parts.join(' and ')} on it stop working at this address.`;
}

/**
 * Remove, asked twice: removing a domain ends every short link and page served on it, so the editor
 * says what stops before it sends the mutation. A domain with QR codes is never removed (they are
 * printed); the server refuses it too, this only says so up front.
 */
export function RemoveDomain({
  domain,
  workspaceId,
  use,
}: {
  domain: DomainView;
  workspaceId: string;
  use: DomainUse;
}) {
  const rep = useRep();
  const [confirming, setConfirming] = useState(false);
  const name = displayHost(domain.hostname);
  if (!confirming)
    return (
      <button
        type="button"
        className="danger"
        aria-label={`Remove ${name}`}
        onClick={() => setConfirming(true)}
      >
        Remove
      </button>
    );
  if (use.qrCodes > 0)
    return (
      <p role="alert">
        {plural(use.qrCodes, 'QR code is', 'QR codes are')} printed on {name} and must keep resolving, so it
        cannot be removed.{' '}
        <button type="button" onClick={() => setConfirming(false)}>
          OK
        </button>
      </p>
    );
  return (
    <p role="alert">
      Remove {name}? {lostSentence(use)}{' '}
      <button
        type="button"
        className="danger"
        onClick={() => void rep.mutate.removeDomain({ id: domain.id, workspace_id: workspaceId })}
      >
        Remove domain
      </button>{' '}
      <button type="button" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </p>
  );
}
