import type { PageView } from '@linkhub/shared/sync/views';
import { useWorkspace } from '../../workspace/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { listDomains } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { shortUrl } from '../links/link-filter';

/**
 * Where the page is public: the system bio host or a verified bio domain of the workspace
 * (a custom domain's root serves its first published page).
 */
export function PageAddress({ page, editable }: { page: PageView; editable: boolean }) {
  const rep = useRep();
  const { workspace } = useWorkspace();
  const domains = useSubscribe((tx) => listDomains(tx, workspace.id), [], [workspace.id]);
  const bioHosts = domains.filter((d) => d.purpose !== 'links' && d.status === 'verified');
  const current = domains.find((d) => d.id === page.domain_id);
  // The same address builder as every copied short link, so it opens in the running stack.
  const url = current ? shortUrl({ host: current.hostname, slug: page.handle }) : null;
  const live = url !== null && page.published_revision !== null;
  return (
    <div className="row">
      <label>
        Address
        <select
          value={page.domain_id}
          disabled={!editable || bioHosts.length < 2}
          onChange={(e) =>
            void rep.mutate.updatePage({ id: page.id, workspace_id: workspace.id, domain_id: e.target.value })
          }
        >
          {bioHosts.map((d) => (
            <option key={d.id} value={d.id}>
              {d.hostname}
            </option>
          ))}
          {current === undefined && <option value={page.domain_id}>…</option>}
        </select>
      </label>
      {url && <span className="muted">{url}</span>}
      {live ? (
        <a href={url} target="_blank" rel="noopener">
          View live page
        </a>
      ) : (
        <span className="muted">Not public until published.</span>
      )}
    </div>
  );
}
