import { describe, expect, it } from 'vitest';
import { allowedActions, capabilities, capabilityOf, readableActions } from './capabilities';

describe('capabilities for the editor UI', () => {
  it('hides billing from an Admin, shows it to the Owner', () => {
    expect(
      capabilityOf('billing.view_invoices', { role: 'admin', scoped: false, plan: 'pro' }),
    ).toMatchObject({ allowed: false, reason: 'insufficient_role' });
    expect(
      capabilityOf('billing.view_invoices', { role: 'owner', scoped: false, plan: 'pro' }),
    ).toMatchObject({ allowed: true });
  });

  it('turns a plan gate into an upgrade prompt naming the feature', () => {
    expect(capabilityOf('experiment.create', { role: 'editor', scoped: false, plan: 'free' })).toMatchObject({
      allowed: false,
      reason: 'plan_feature_unavailable',
      feature: 'experiments_enabled',
    });
  });

  it('marks granted-only actions for scoped members', () => {
    expect(capabilityOf('link.update', { role: 'editor', scoped: true, plan: 'business' })).toMatchObject({
      allowed: true,
      granted_only: true,
    });
    expect(capabilityOf('link.update', { role: 'editor', scoped: false, plan: 'business' })).toMatchObject({
      granted_only: false,
    });
  });

  it('lists what a Viewer may read and never a write', () => {
    const reads = readableActions('viewer', false, 'business');
    expect(reads).toContain('link.view');
    expect(reads).not.toContain('lead.list');
    expect(reads).not.toContain('billing.view_invoices');
    expect(allowedActions('viewer', false, 'business').filter((a) => !reads.includes(a))).toEqual([
      'workspace.create',
      'workspace.leave',
      'workspace.accept_ownership',
      'invitation.accept',
      'account.update',
      'account.delete',
    ]);
    expect(Object.keys(capabilities('owner', false, 'free')).length).toBeGreaterThan(100);
  });
});
