import { useState, type FormEvent } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { addDomainArgs } from '@linkhub/shared/mutators/domains';
import { hostTyped, isSystemHostName, reservedHostMessage } from '@linkhub/shared/schemas/domains';
import { limitFor } from '@linkhub/shared/entitlements/plans';
import { displayHost } from '@linkhub/shared/url/display-url';
import { Field } from '../../ui/field';
import { useWorkspace } from '../../workspace/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { listDomains, listLinks, listPages, listQrCodes } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { fieldErrors } from '../../ui/error-messages';
import { DomainSetup, statusText } from './domain-status';
import { DomainSettings } from './domain-settings';
import { RemoveDomain, type DomainUse } from './remove-domain';

const PURPOSES = ['links', 'bio', 'all'] as const;

/** The system hosts and the workspace's own domains: status, and for a new one the DNS records to add. */
export default function DomainsScreen(_props: { rest: string[] }) {
  const rep = useRep();
  const { workspace, can, capability } = useWorkspace();
  const domains = useSubscribe((tx) => listDomains(tx, workspace.id), [], [workspace.id]);
  const pages = useSubscribe((tx) => listPages(tx, workspace.id), [], [workspace.id]);
  const links = useSubscribe((tx) => listLinks(tx, workspace.id), [], [workspace.id]);
  const qrCodes = useSubscribe((tx) => listQrCodes(tx, workspace.id), [], [workspace.id]);
  const useOf = (domainId: string): DomainUse => ({
    links: links.filter((l) => l.domain_id === domainId && l.archived_at === null).length,
    qrCodes: qrCodes.filter((q) => q.domain_id === domainId).length,
    pages: pages.filter((p) => p.domain_id === domainId).length,
  });
  const [hostname, setHostname] = useState('');
  const [purpose, setPurpose] = useState<(typeof PURPOSES)[number]>('links');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = (e: FormEvent) => {
    e.preventDefault();
    const parsed = addDomainArgs.safeParse({
      id: uuidv7(),
      workspace_id: workspace.id,
      hostname: hostTyped(hostname),
      purpose,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    const systemHosts = domains.filter((d) => d.is_system).map((d) => d.hostname);
    if (isSystemHostName(parsed.data.hostname, systemHosts))
      return setErrors({ hostname: reservedHostMessage(displayHost(parsed.data.hostname)) });
    setErrors({});
    setHostname('');
    void rep.mutate.addDomain(parsed.data);
  };
  const create = capability('domain.create');
  // A plan that includes no custom domain could only refuse the form.
  const included = limitFor(workspace.plan, 'custom_domains') !== 0;
  return (
    <>
      {create.allowed && included ? (
        <form className="panel toolbar" onSubmit={add} aria-label="Add a domain">
          <Field
            label="Domain name"
            value={hostname}
            onChange={setHostname}
            error={errors.hostname}
            placeholder="go.example.com"
            required
          />
          <div className="field">
            <label htmlFor="dom-purpose">Used for</label>
            <select
              id="dom-purpose"
              value={purpose}
              onChange={(e) => setPurpose(PURPOSES.find((p) => p === e.target.value) ?? 'links')}
            >
              <option value="links">Short links and QR codes</option>
              <option value="bio">Bio pages</option>
              <option value="all">Both</option>
            </select>
          </div>
          <button type="submit" className="primary">
            Add domain
          </button>
        </form>
      ) : (
        (create.reason === 'plan_feature_unavailable' || (create.allowed && !included)) && (
          <p className="banner">Custom domains come with a paid plan.</p>
        )
      )}
      <ul className="list">
        {domains.map((d) => (
          <li key={d.id}>
            <span>
              <strong>{displayHost(d.hostname)}</strong>{' '}
              {displayHost(d.hostname) !== d.hostname && <span className="muted">({d.hostname}) </span>}
              <span className="muted">{d.is_system ? 'LinkHub domain' : d.purpose}</span>
            </span>
            <span className={`badge ${d.status === 'verified' ? '' : 'paused'}`}>{statusText(d)}</span>
            {!d.is_system && can('domain.delete') && (
              <RemoveDomain domain={d} workspaceId={workspace.id} use={useOf(d.id)} />
            )}
            {!d.is_system && <DomainSetup domain={d} />}
            {!d.is_system && <DomainSettings domain={d} pages={pages.filter((p) => p.domain_id === d.id)} />}
          </li>
        ))}
      </ul>
    </>
  );
}
