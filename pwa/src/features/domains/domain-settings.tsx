import type { DomainView, PageView } from '@linkhub/shared/sync/views';
import { useWorkspace } from '../../workspace/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { FULL_ROW } from './domain-status';
import { DomainAddresses } from './domain-addresses';

/**
 * What an admin can do with a custom domain: check its DNS now, order its certificate again, make
 * it the domain of new links, and pick the bio page served at its root. Each change carries the
 * value shown when it was made as its base (D-500).
 */
export function DomainSettings({ domain, pages }: { domain: DomainView; pages: PageView[] }) {
  const rep = useRep();
  const { workspace, can } = useWorkspace();
  const ref = { id: domain.id, workspace_id: workspace.id };
  const verified = domain.status === 'verified';
  const tlsStuck = verified && domain.tls_status !== 'issued' && domain.tls_last_error !== null;
  const published = pages.filter((p) => p.published_at !== null);
  return (
    <div className="row" role="group" aria-label={`Settings of ${domain.hostname}`} style={FULL_ROW}>
      {can('domain.verify') && (
        <button type="button" onClick={() => void rep.mutate.verifyDomain(ref)}>
          Check DNS now
        </button>
      )}
      {tlsStuck && can('domain.retry_tls') && (
        <button type="button" onClick={() => void rep.mutate.retryDomainCertificate(ref)}>
          Retry certificate
        </button>
      )}
      {verified && domain.purpose !== 'bio' && can('domain.update') && (
        <label className="check">
          <input
            type="checkbox"
            checked={domain.default_for_links}
            onChange={(e) =>
              void rep.mutate.updateDomain({
                ...ref,
                default_for_links: e.target.checked,
                base: { default_for_links: domain.default_for_links },
              })
            }
          />{' '}
          New links use {domain.hostname}
        </label>
      )}
      {domain.purpose !== 'links' && published.length > 0 && can('domain.update') && (
        <div className="field">
          <label htmlFor={`root-${domain.id}`}>Page at {domain.hostname}/</label>
          <select
            id={`root-${domain.id}`}
            value={domain.root_handle ?? ''}
            onChange={(e) =>
              void rep.mutate.updateDomain({
                ...ref,
                root_handle: e.target.value || null,
                base: { root_handle: domain.root_handle },
              })
            }
          >
            <option value="">The page published first</option>
            {published.map((p) => (
              <option key={p.id} value={p.handle}>
                {p.title || p.handle}
              </option>
            ))}
          </select>
        </div>
      )}
      {!domain.is_system && can('domain.update') && (
        <DomainAddresses domain={domain} workspaceId={workspace.id} />
      )}
    </div>
  );
}
