import { describe, expect, it } from 'vitest';
import { domainViewSchema, type DomainView } from '@linkhub/shared/sync/views';
import { defaultLinkDomain, linkDomainsOf } from './new-link-domain';

const domain = (fields: Partial<DomainView> & { id: string }): DomainView =>
  domainViewSchema.parse({
    workspace_id: 'ws',
    hostname: `${fields.id}.example.com`,
    is_system: false,
    purpose: 'links',
    status: 'verified',
    ...fields,
  });

const system = domain({ id: 'lnk', hostname: 'lnk.localhost', is_system: true, workspace_id: null });
const bioSystem = domain({
  id: 'bio',
  hostname: 'bio.localhost',
  is_system: true,
  workspace_id: null,
  purpose: 'bio',
});

describe('the domain of a new link', () => {
  it('is the system link host while no custom domain is the default', () => {
    expect(defaultLinkDomain([bioSystem, system, domain({ id: 'go' })])?.id).toBe('lnk');
  });

  it('is the domain marked default for new links, when it is verified and serves links', () => {
    expect(defaultLinkDomain([system, domain({ id: 'go', default_for_links: true })])?.id).toBe('go');
    expect(
      defaultLinkDomain([system, domain({ id: 'go', default_for_links: true, status: 'pending' })])?.id,
    ).toBe('lnk');
  });

  it('offers only verified domains that serve links', () => {
    const offered = linkDomainsOf([
      system,
      bioSystem,
      domain({ id: 'all', purpose: 'all' }),
      domain({ id: 'pages', purpose: 'bio' }),
      domain({ id: 'waiting', status: 'pending' }),
    ]).map((d) => d.id);
    expect(offered).toEqual(['lnk', 'all']);
  });
});
