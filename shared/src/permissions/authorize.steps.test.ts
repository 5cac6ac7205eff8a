import { describe, expect, it } from 'vitest';
import { authorize } from './authorize';
import {
  MEMBER,
  NOW,
  OTHER_WS,
  WS,
  apiKeyActor,
  happyInput,
  membership,
  resourceFor,
  userActor,
  workspace,
} from './fixtures';

const notFound = { allow: false, status: 404, code: 'not_found', details: [] };

describe('authorize(): the fixed order of checks', () => {
  it('1. no actor → 401 unauthenticated, before anything else; a suspended user → 403', () => {
    expect(
      authorize(happyInput('link.view', 'owner', false, { actor: null, workspace: null })),
    ).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(
      authorize(happyInput('link.view', 'owner', false, { actor: userActor({ suspended: true }) })),
    ).toMatchObject({ status: 403, code: 'account_suspended' });
  });

  it('2. a revoked key → 401; wrong workspace → 404 before the scope gate; then the scope gate with details', () => {
    expect(
      authorize(
        happyInput('link.view', 'owner', false, { actor: apiKeyActor(['links:read'], { revoked: true }) }),
      ),
    ).toMatchObject({ status: 401, code: 'api_key_revoked' });
    expect(
      authorize(
        happyInput('link.view', 'owner', false, { actor: apiKeyActor([], { workspace_id: OTHER_WS }) }),
      ),
    ).toEqual(notFound);
    expect(
      authorize(
        happyInput('link.view', 'owner', false, {
          actor: apiKeyActor(['links:read'], { workspace_id: OTHER_WS }),
        }),
      ),
    ).toEqual(notFound);
    expect(
      authorize(happyInput('link.update', 'owner', false, { actor: apiKeyActor(['links:read']) })),
    ).toEqual({
      allow: false,
      status: 403,
      code: 'insufficient_scope',
      details: [{ field: 'scope', issue: 'insufficient_scope', required_scope: 'links:write' }],
    });
    expect(
      authorize(happyInput('link.update', 'owner', false, { actor: apiKeyActor(['links:write']) })),
    ).toEqual({ allow: true });
  });

  it('2. no API key reaches billing, members, audit, GDPR, leads, key management or owner-only rows', () => {
    const everything = apiKeyActor([
      'links:read',
      'links:write',
      'qr:read',
      'qr:write',
      'pages:read',
      'pages:write',
      'workspace:read',
      'analytics:read',
    ]);
    for (const action of [
      'billing.view_invoices',
      'member.invite',
      'audit.view',
      'workspace.export_data',
      'lead.export',
      'api_key.create',
      'workspace.delete',
      'workspace.create',
    ] as const) {
      const decision = authorize(
        happyInput(action, 'owner', false, { actor: everything, usage: { members: 0 } }),
      );
      expect(decision, action).toMatchObject({ status: 403, code: 'action_not_available_to_api_key' });
    }
  });

  it('2. a key inherits the role of the membership that created it', () => {
    const key = apiKeyActor(['links:write']);
    expect(authorize(happyInput('link.update', 'viewer', false, { actor: key }))).toMatchObject({
      code: 'insufficient_role',
    });
    expect(
      authorize(
        happyInput('link.update', 'editor', true, {
          actor: key,
          resource: resourceFor('link.update', { id: 'other' }),
        }),
      ),
    ).toEqual(notFound);
  });

  it('3. a non-member and a missing workspace look the same; deleted → 410 except restore by the Owner; inactive → 403', () => {
    expect(authorize(happyInput('link.view', 'owner', false, { membership: null }))).toEqual(notFound);
    expect(authorize(happyInput('link.view', 'owner', false, { workspace: null }))).toEqual(notFound);
    const deleted = workspace('business', { deleted: true });
    expect(authorize(happyInput('link.view', 'owner', false, { workspace: deleted }))).toMatchObject({
      status: 410,
      code: 'workspace_deleted',
    });
    expect(authorize(happyInput('workspace.restore', 'owner', false, { workspace: deleted }))).toEqual({
      allow: true,
    });
    expect(authorize(happyInput('workspace.restore', 'admin', false, { workspace: deleted }))).toMatchObject({
      status: 410,
    });
    expect(
      authorize(
        happyInput('link.view', 'editor', false, {
          membership: membership('editor', false, { status: 'suspended' }),
        }),
      ),
    ).toMatchObject({ status: 403, code: 'membership_inactive' });
  });

  it('4. 2FA required by the workspace → 401 totp_required; step-up older than 5 minutes → 403', () => {
    const strict = workspace('business', { require_two_factor: true });
    expect(
      authorize(
        happyInput('link.view', 'viewer', false, {
          workspace: strict,
          actor: userActor({ two_factor_satisfied: false }),
        }),
      ),
    ).toMatchObject({ status: 401, code: 'totp_required' });
    expect(authorize(happyInput('link.view', 'viewer', false, { workspace: strict }))).toEqual({
      allow: true,
    });
    const stale = userActor({ reauthenticated_at: new Date(NOW.getTime() - 6 * 60_000) });
    expect(authorize(happyInput('lead.export', 'admin', false, { actor: stale }))).toMatchObject({
      status: 403,
      code: 'reauthentication_required',
    });
    expect(
      authorize(
        happyInput('lead.export', 'admin', false, { actor: userActor({ reauthenticated_at: null }) }),
      ),
    ).toMatchObject({ code: 'reauthentication_required' });
    expect(authorize(happyInput('lead.export', 'admin'))).toEqual({ allow: true });
  });

  it('5. C3: an Admin cannot act on an Owner or Admin, nor create an Admin', () => {
    const adminTarget = resourceFor('member.remove', { target_role: 'admin' });
    const ownerTarget = resourceFor('member.change_role', { target_role: 'owner' });
    expect(authorize(happyInput('member.remove', 'admin', false, { resource: adminTarget }))).toMatchObject({
      code: 'insufficient_role',
    });
    expect(
      authorize(happyInput('member.change_role', 'admin', false, { resource: ownerTarget })),
    ).toMatchObject({ code: 'insufficient_role' });
    expect(
      authorize(
        happyInput('member.invite', 'admin', false, { usage: { members: 1 }, requested_role: 'admin' }),
      ),
    ).toMatchObject({ code: 'insufficient_role' });
    expect(
      authorize(
        happyInput('member.invite', 'admin', false, { usage: { members: 1 }, requested_role: 'editor' }),
      ),
    ).toEqual({ allow: true });
    expect(authorize(happyInput('member.remove', 'owner', false, { resource: adminTarget }))).toEqual({
      allow: true,
    });
    expect(
      authorize(
        happyInput('member.invite', 'owner', false, { usage: { members: 1 }, requested_role: 'admin' }),
      ),
    ).toEqual({ allow: true });
  });

  it('5. C9: the Owner cannot be demoted or removed; ownership is never given by role change', () => {
    const self = resourceFor('member.change_role', { target_role: 'owner' });
    expect(
      authorize(
        happyInput('member.change_role', 'owner', false, { resource: self, requested_role: 'admin' }),
      ),
    ).toMatchObject({ status: 409, code: 'last_owner_required' });
    expect(authorize(happyInput('member.remove', 'owner', false, { resource: self }))).toMatchObject({
      status: 409,
      code: 'last_owner_required',
    });
    expect(
      authorize(happyInput('member.change_role', 'owner', false, { requested_role: 'owner' })),
    ).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it("6. another workspace's resource → 404; C7: an Editor revokes only their own keys", () => {
    expect(
      authorize(
        happyInput('link.update', 'owner', false, {
          resource: resourceFor('link.update', { workspace_id: OTHER_WS }),
        }),
      ),
    ).toEqual(notFound);
    expect(authorize(happyInput('api_key.revoke', 'editor'))).toEqual({ allow: true });
    const othersKey = resourceFor('api_key.revoke', { created_by_membership_id: 'someone-else' });
    expect(authorize(happyInput('api_key.revoke', 'editor', false, { resource: othersKey }))).toMatchObject({
      code: 'insufficient_role',
    });
    expect(authorize(happyInput('api_key.revoke', 'admin', false, { resource: othersKey }))).toEqual({
      allow: true,
    });
    expect(MEMBER).toBe(resourceFor('api_key.revoke')?.created_by_membership_id);
  });

  it('6. a scoped member reaches blocks through their page, experiments through their link', () => {
    const ungrantedPage = { type: 'bio_page', id: 'page-other', workspace_id: WS } as const;
    expect(authorize(happyInput('block.update', 'editor', true, { resource: ungrantedPage }))).toEqual(
      notFound,
    );
    const experiment = resourceFor('experiment.pause', {
      parent: { type: 'link', id: 'link-other' },
      state: 'running',
    });
    expect(authorize(happyInput('experiment.pause', 'editor', true, { resource: experiment }))).toEqual(
      notFound,
    );
  });

  it('7. features the request uses are gated too (targeting rules on link.create)', () => {
    expect(
      authorize(
        happyInput('link.create', 'editor', false, {
          workspace: workspace('free'),
          usage: { links: 3 },
          uses_features: ['targeting_rules_enabled'],
        }),
      ),
    ).toEqual({
      allow: false,
      status: 403,
      code: 'plan_feature_unavailable',
      details: [{ field: 'targeting_rules_enabled', issue: 'feature_unavailable', plan: 'free' }],
    });
    expect(
      authorize(happyInput('grant.create', 'owner', false, { workspace: workspace('pro') })),
    ).toMatchObject({ code: 'plan_feature_unavailable' });
    expect(
      authorize(
        happyInput('domain.create', 'owner', false, {
          workspace: workspace('free'),
          usage: { custom_domains: 0 },
        }),
      ),
    ).toMatchObject({
      code: 'plan_limit_reached',
      details: [{ field: 'custom_domains', limit: 0, current: 0, plan: 'free', kind: 'count' }],
    });
    // A capped plan needs the count; an unlimited one does not (the loader skips the count(*)).
    expect(() =>
      authorize(happyInput('link.create', 'owner', false, { workspace: workspace('pro'), usage: {} })),
    ).toThrow(/links count/);
    expect(
      authorize(happyInput('link.create', 'owner', false, { workspace: workspace('business'), usage: {} })),
    ).toMatchObject({ allow: true });
  });

  it('8. deleted → 410, archived → 409, downgrade-locked or QR-pinned → 409 resource_locked; reads are not blocked', () => {
    const link = (o: object): ReturnType<typeof resourceFor> => resourceFor('link.update', o);
    expect(
      authorize(happyInput('link.update', 'owner', false, { resource: link({ deleted: true }) })),
    ).toMatchObject({ status: 410, code: 'resource_gone' });
    expect(
      authorize(happyInput('link.update', 'owner', false, { resource: link({ archived: true }) })),
    ).toMatchObject({ status: 409, code: 'resource_archived' });
    expect(
      authorize(happyInput('link.archive', 'owner', false, { resource: link({ pinned_to_qr_code: true }) })),
    ).toMatchObject({
      status: 409,
      code: 'resource_locked',
      details: [{ field: 'link', issue: 'pinned_to_qr_code' }],
    });
    expect(
      authorize(happyInput('link.delete', 'owner', false, { resource: link({ pinned_to_qr_code: true }) })),
    ).toMatchObject({ code: 'resource_locked' });
    expect(
      authorize(
        happyInput('qr_code.update_design', 'owner', false, {
          resource: resourceFor('qr_code.update_design', { locked_by_downgrade: true }),
        }),
      ),
    ).toMatchObject({ code: 'resource_locked' });
    expect(
      authorize(
        happyInput('link.view', 'owner', false, {
          resource: resourceFor('link.view', { archived: true, locked_by_downgrade: true }),
        }),
      ),
    ).toEqual({ allow: true });
    expect(authorize(happyInput('link.unarchive', 'owner', false, { usage: { links: 0 } }))).toEqual({
      allow: true,
    });
  });

  it('8. C8: experiments move only along their lifecycle', () => {
    const running = resourceFor('experiment.promote', { state: 'running' });
    expect(authorize(happyInput('experiment.promote', 'owner', false, { resource: running }))).toMatchObject({
      status: 409,
      code: 'invalid_state_transition',
      details: [{ field: 'state', issue: 'invalid_state', state: 'running', allowed: ['concluded'] }],
    });
    expect(authorize(happyInput('experiment.pause', 'owner', false, { resource: running }))).toEqual({
      allow: true,
    });
  });

  it('8a. billing block spares billing, leaving and revoking; 9. typed confirmation for workspace deletion', () => {
    const blocked = workspace('business', { billing: { writes_blocked: true } });
    for (const action of [
      'billing.change_plan',
      'workspace.leave',
      'member.remove',
      'api_key.revoke',
    ] as const) {
      expect(
        authorize(
          happyInput(action, action === 'workspace.leave' ? 'editor' : 'owner', false, {
            workspace: blocked,
          }),
        ),
        action,
      ).toEqual({ allow: true });
    }
    expect(authorize(happyInput('link.create', 'owner', false, { workspace: blocked }))).toMatchObject({
      code: 'billing_write_blocked',
    });
    expect(
      authorize(
        happyInput('workspace.delete', 'owner', false, { confirmation: { given: 'acm', expected: 'acme' } }),
      ),
    ).toMatchObject({ status: 422, code: 'confirmation_required' });
    expect(
      authorize(happyInput('workspace.delete', 'owner', false, { confirmation: undefined })),
    ).toMatchObject({ code: 'confirmation_required' });
    expect(authorize(happyInput('workspace.delete', 'owner'))).toEqual({ allow: true });
  });

  it('2a. account-scoped: account.delete is blocked while the user is a sole Owner', () => {
    const base = {
      actor: userActor(),
      action: 'account.delete',
      workspaceId: null,
      workspace: null,
      membership: null,
      now: NOW,
    } as const;
    expect(
      authorize({ ...base, account: { plan: 'free', workspace_count: 1, sole_owner_workspace_ids: [WS] } }),
    ).toEqual({
      allow: false,
      status: 409,
      code: 'last_owner_required',
      details: [
        {
          field: 'workspaces',
          issue: 'sole_owner',
          workspace_ids: [WS],
          options: ['transfer_ownership', 'delete_workspace'],
        },
      ],
    });
    expect(
      authorize({ ...base, account: { plan: 'free', workspace_count: 0, sole_owner_workspace_ids: [] } }),
    ).toEqual({ allow: true });
    expect(authorize({ ...base, actor: userActor({ reauthenticated_at: null }) })).toMatchObject({
      code: 'reauthentication_required',
    });
    expect(authorize({ ...base, action: 'invitation.accept' })).toEqual({ allow: true });
  });
});

describe('rows without a target still check a resource the caller passes', () => {
  it('a scoped editor cannot start an experiment on, or read analytics of, an ungranted link', () => {
    const ungranted = { type: 'link', id: 'link-other', workspace_id: WS } as const;
    const granted = { ...ungranted, id: 'link-granted' };
    expect(authorize(happyInput('experiment.create', 'editor', true, { resource: ungranted }))).toEqual(
      notFound,
    );
    expect(authorize(happyInput('experiment.create', 'editor', true, { resource: granted }))).toEqual({
      allow: true,
    });
    expect(authorize(happyInput('analytics.view', 'viewer', true, { resource: ungranted }))).toEqual(
      notFound,
    );
    expect(authorize(happyInput('analytics.view', 'viewer', true))).toEqual({ allow: true });
  });
});
