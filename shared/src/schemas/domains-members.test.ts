import { describe, expect, it } from 'vitest';
import { createDomainInputSchema, hostTyped, isSystemHostName } from './domains';
import { changeRoleInputSchema, createGrantInputSchema, inviteMemberInputSchema } from './members';
import { problems } from './test-helpers';
import { createApiKeyInputSchema, createWorkspaceInputSchema } from './workspaces';

const ID = '01900000-0000-7000-8000-000000000001';

describe('domains', () => {
  it('connects a host name for links by default; only bio domains have a root page', () => {
    expect(createDomainInputSchema.parse({ hostname: 'Go.Example.com' })).toEqual({
      hostname: 'go.example.com',
      purpose: 'links',
    });
    expect(problems(createDomainInputSchema, { hostname: 'go.example.com', root_handle: 'maya' })).toEqual([
      ['root_handle', 'not_applicable'],
    ]);
    expect(
      problems(createDomainInputSchema, {
        hostname: 'maya.example.com',
        purpose: 'bio',
        root_handle: 'maya',
      }),
    ).toEqual([]);
    expect(problems(createDomainInputSchema, { hostname: 'https://go.example.com/' })).toEqual([
      ['hostname', 'invalid_format'],
    ]);
  });

  it('recognises system hosts and their subdomains', () => {
    expect(isSystemHostName('x.lnk.localhost', ['lnk.localhost'])).toBe(true);
    expect(isSystemHostName('evil-lnk.localhost', ['lnk.localhost'])).toBe(false);
  });
});

describe('members', () => {
  it('invites as admin, editor or viewer, never owner', () => {
    expect(inviteMemberInputSchema.parse({ email: 'Sam@Example.com', role: 'editor' })).toEqual({
      email: 'sam@example.com',
      role: 'editor',
      grants: [],
    });
    expect(problems(inviteMemberInputSchema, { email: 'sam@example.com', role: 'owner' })).toEqual([
      ['role', 'invalid_value'],
    ]);
    expect(problems(changeRoleInputSchema, { role: 'owner' })).toEqual([['role', 'invalid_value']]);
  });

  it('grants name a bio page, link or QR code, once each', () => {
    const grant = { resource_type: 'link', resource_id: ID };
    expect(
      problems(inviteMemberInputSchema, { email: 'sam@example.com', role: 'editor', grants: [grant, grant] }),
    ).toEqual([['grants', 'duplicate']]);
    expect(
      problems(createGrantInputSchema, { member_id: ID, resource_type: 'domain', resource_id: ID }),
    ).toEqual([['resource_type', 'invalid_value']]);
    expect(problems(createGrantInputSchema, { member_id: ID, ...grant })).toEqual([]);
  });
});

describe('workspaces and API keys', () => {
  it('creates a workspace from its name alone, as POST /api/workspaces takes it (the time zone is set in Settings)', () => {
    expect(createWorkspaceInputSchema.parse({ name: 'Acme' })).toEqual({ name: 'Acme' });
    expect(problems(createWorkspaceInputSchema, { name: 'Acme', time_zone: 'Europe/Paris' })).toEqual([
      ['time_zone', 'unrecognized_key'],
    ]);
    expect(problems(createWorkspaceInputSchema, { name: 'x'.repeat(121) })).toEqual([['name', 'too_big']]);
  });

  it('API keys take only catalogued scopes (no billing or member scopes exist)', () => {
    expect(createApiKeyInputSchema.parse({ name: 'CI', scopes: ['links:read', 'links:read'] })).toEqual({
      name: 'CI',
      scopes: ['links:read'],
    });
    expect(problems(createApiKeyInputSchema, { name: 'CI', scopes: ['billing:write'] })).toEqual([
      ['scopes.0', 'invalid_value'],
    ]);
    expect(problems(createApiKeyInputSchema, { name: 'CI', scopes: [] })).toEqual([['scopes', 'too_small']]);
  });
});

describe('hostTyped', () => {
  it('takes the host of a pasted address, and leaves a bare host or anything else as typed', () => {
    expect(hostTyped(' https://Go.Example.com/path?x=1 ')).toBe('go.example.com');
    expect(hostTyped('http://bücher.example/')).toBe('xn--bcher-kva.example');
    expect(hostTyped('go.example.com')).toBe('go.example.com');
    expect(hostTyped('https://')).toBe('https://');
    expect(hostTyped('ftp://files.example.com')).toBe('ftp://files.example.com');
  });
});
