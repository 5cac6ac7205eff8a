import type { DomainView } from '@linkhub/shared/sync/views';
import { listDomains } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';

/** The domains a new link can go on: the system link host and the workspace's verified link domains. */
export function linkDomainsOf(domains: readonly DomainView[]): DomainView[] {
  return domains.filter((d) => d.status === 'verified' && d.purpose !== 'bio');
}

/** The domain a new link starts on: the workspace's default for new links, else the system link host. */
export function defaultLinkDomain(domains: readonly DomainView[]): DomainView | undefined {
  const usable = linkDomainsOf(domains);
  return usable.find((d) => d.default_for_links) ?? usable.find((d) => d.is_system);
}

/** Domain choice of the new-link form; `value` empty means the default. */
export function NewLinkDomain({
  workspaceId,
  value,
  onChange,
}: {
  workspaceId: string;
  value: string;
  onChange: (domainId: string) => void;
}) {
  const domains = useSubscribe((tx) => listDomains(tx, workspaceId), [], [workspaceId]);
  const usable = linkDomainsOf(domains);
  const fallback = defaultLinkDomain(domains);
  if (usable.length < 2) return null;
  return (
    <div className="field">
      <label htmlFor="link-domain">Short link domain</label>
      <select id="link-domain" value={value || fallback?.id || ''} onChange={(e) => onChange(e.target.value)}>
        {usable.map((d) => (
          <option key={d.id} value={d.id}>
            {d.hostname}
            {d.default_for_links ? ' (default)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
