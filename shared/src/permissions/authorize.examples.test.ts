import { describe, expect, it } from 'vitest';
import { authorize } from './authorize';
import {
  GRANTED,
  NOW,
  WS,
  apiKeyActor,
  happyInput,
  membership,
  resourceFor,
  userActor,
  workspace,
} from './fixtures';
import { canSeeResource } from './visibility';

/** Each worked example of the permission rules, resolved at the step that decides it (docs/product-rules.md#permissions). */
describe('authorize(): worked examples', () => {
  it('3.7.1 Viewer tries to change a link destination → 403 insufficient_role', () => {
    const decision = authorize(happyInput('link.update_destination', 'viewer'));
    expect(decision).toEqual({ allow: false, status: 403, code: 'insufficient_role', details: [] });
    // The link's existence is not concealed: the Viewer may read it.
    expect(authorize(happyInput('link.view', 'viewer'))).toEqual({ allow: true });
  });

  it('3.7.2 Scoped Editor fetches a link they were not granted → 404 not_found; 200 for an Admin', () => {
    const ungranted = resourceFor('link.view', { id: 'link-outside-grants' });
    expect(authorize(happyInput('link.view', 'editor', true, { resource: ungranted }))).toEqual({
      allow: false,
      status: 404,
      code: 'not_found',
      details: [],
    });
    expect(authorize(happyInput('link.view', 'admin', false, { resource: ungranted }))).toEqual({
      allow: true,
    });
    // …and the list never contained it.
    expect(canSeeResource(membership('editor', true), { type: 'link', id: 'link-outside-grants' })).toBe(
      false,
    );
    expect(canSeeResource(membership('editor', true), { type: 'link', id: GRANTED.link })).toBe(true);
  });

  it('3.7.3 Admin tries to view invoices → 403 insufficient_role', () => {
    const input = happyInput('billing.view_invoices', 'admin', false, { workspace: workspace('pro') });
    expect(authorize(input)).toMatchObject({ allow: false, status: 403, code: 'insufficient_role' });
  });

  it('3.7.4 Editor on Free tries to create an A/B experiment → 403 plan_feature_unavailable', () => {
    const input = happyInput('experiment.create', 'editor', false, { workspace: workspace('free') });
    expect(authorize(input)).toEqual({
      allow: false,
      status: 403,
      code: 'plan_feature_unavailable',
      details: [{ field: 'experiments_enabled', issue: 'feature_unavailable', plan: 'free' }],
    });
  });

  it('3.7.5 Editor on Pro tries to create an eleventh bio page → 403 plan_limit_reached', () => {
    const input = happyInput('bio_page.create', 'editor', false, {
      workspace: workspace('pro'),
      usage: { bio_pages: 10 },
    });
    expect(authorize(input)).toEqual({
      allow: false,
      status: 403,
      code: 'plan_limit_reached',
      details: [
        { field: 'bio_pages', issue: 'limit_reached', limit: 10, current: 10, plan: 'pro', kind: 'count' },
      ],
    });
    // Archived pages are not counted by the caller, so nine live pages leave room for a tenth.
    expect(authorize({ ...input, usage: { bio_pages: 9 } })).toEqual({ allow: true });
    // The Editor cannot upgrade: row 30 is Owner only.
    expect(authorize(happyInput('billing.change_plan', 'editor'))).toMatchObject({
      code: 'insufficient_role',
    });
  });

  it('3.7.6 Sole Owner tries to leave the workspace → 409 last_owner_required naming the two paths', () => {
    const decision = authorize(happyInput('workspace.leave', 'owner'));
    expect(decision).toEqual({
      allow: false,
      status: 409,
      code: 'last_owner_required',
      details: [
        { field: 'membership', issue: 'last_owner', options: ['transfer_ownership', 'delete_workspace'] },
      ],
    });
  });

  it('3.7.7 A past-due workspace: QR edit allowed on day 3, 403 billing_write_blocked on day 10', () => {
    const qr = resourceFor('qr_code.update_destination');
    const day3 = workspace('business', { billing: { writes_blocked: false } });
    expect(
      authorize(happyInput('qr_code.update_destination', 'owner', false, { workspace: day3, resource: qr })),
    ).toEqual({ allow: true });

    const day10 = workspace('business', {
      billing: {
        writes_blocked: true,
        grace_ends_at: '2026-06-08T00:00:00Z',
        invoice_url: 'https://pay.example/inv_1',
      },
    });
    for (const role of ['owner', 'admin'] as const) {
      const decision = authorize(
        happyInput('qr_code.update_destination', role, false, { workspace: day10, resource: qr }),
      );
      expect(decision).toEqual({
        allow: false,
        status: 403,
        code: 'billing_write_blocked',
        details: [
          {
            field: 'workspace',
            issue: 'past_due',
            grace_ends_at: '2026-06-08T00:00:00Z',
            invoice_url: 'https://pay.example/inv_1',
          },
        ],
      });
    }
    // Reading (and paying) still works on day 10.
    expect(authorize(happyInput('qr_code.view', 'owner', false, { workspace: day10 }))).toEqual({
      allow: true,
    });
    expect(
      authorize(happyInput('billing.update_payment_method', 'owner', false, { workspace: day10 })),
    ).toEqual({ allow: true });
  });

  it('3.7.8 Scoped Editor creates a link, then is removed → create allowed, later 404 not_found', () => {
    const scopedToPages = membership('editor', false, {
      grants: [
        { resource_type: 'bio_page', resource_id: 'page-a' },
        { resource_type: 'bio_page', resource_id: 'page-b' },
      ],
    });
    expect(
      authorize(
        happyInput('link.create', 'editor', false, { membership: scopedToPages, usage: { links: 0 } }),
      ),
    ).toEqual({ allow: true });

    // With the auto-created grant the freelancer can edit the new link.
    const newLink = { type: 'link', id: 'new-link', workspace_id: WS } as const;
    const withAutoGrant = {
      ...scopedToPages,
      grants: [...scopedToPages.grants, { resource_type: 'link', resource_id: 'new-link' }],
    };
    expect(
      authorize(happyInput('link.update', 'editor', false, { membership: withAutoGrant, resource: newLink })),
    ).toEqual({ allow: true });

    // Removed from the workspace: no membership at all → step 3.
    expect(
      authorize(happyInput('link.update', 'editor', false, { membership: null, resource: newLink })),
    ).toEqual({
      allow: false,
      status: 404,
      code: 'not_found',
      details: [],
    });
    // The link stays editable by an Admin or an unscoped Editor.
    expect(authorize(happyInput('link.update', 'admin', false, { resource: newLink }))).toEqual({
      allow: true,
    });
    expect(authorize(happyInput('link.update', 'editor', false, { resource: newLink }))).toEqual({
      allow: true,
    });
  });

  it('3.7.9 API key attempts a member invitation → 403 action_not_available_to_api_key', () => {
    const key = apiKeyActor(['links:read', 'links:write']);
    const decision = authorize(
      happyInput('member.invite', 'owner', false, {
        actor: key,
        usage: { members: 1 },
        requested_role: 'editor',
      }),
    );
    expect(decision).toEqual({
      allow: false,
      status: 403,
      code: 'action_not_available_to_api_key',
      details: [],
    });
  });

  it('3.7.10 API key from workspace A addresses workspace B → 404 not_found, identical to a missing workspace', () => {
    const keyOfA = apiKeyActor(['links:read', 'links:write']);
    const workspaceB = '01900000-0000-7000-8000-0000000000bb';
    const toB = authorize(
      happyInput('link.list', 'owner', false, {
        actor: keyOfA,
        workspaceId: workspaceB,
        workspace: workspace('business', { id: workspaceB }),
      }),
    );
    const toNowhere = authorize(
      happyInput('link.list', 'owner', false, {
        actor: keyOfA,
        workspaceId: 'never-existed',
        workspace: null,
        membership: null,
      }),
    );
    const scopedMiss = authorize(
      happyInput('link.view', 'editor', true, { resource: resourceFor('link.view', { id: 'x' }) }),
    );
    expect(toB).toEqual({ allow: false, status: 404, code: 'not_found', details: [] });
    expect(JSON.stringify(toNowhere)).toBe(JSON.stringify(toB));
    expect(JSON.stringify(scopedMiss)).toBe(JSON.stringify(toB));
    // The scopes are never consulted: a key with no scopes at all gets the same answer.
    const bare = authorize(
      happyInput('link.list', 'owner', false, { actor: apiKeyActor([]), workspaceId: workspaceB }),
    );
    expect(JSON.stringify(bare)).toBe(JSON.stringify(toB));
  });

  it('3.7.11 Unverified user tries to publish a bio page → 403 email_verification_required; building works', () => {
    const unverified = userActor({ email_verified: false });
    expect(authorize(happyInput('bio_page.publish', 'owner', false, { actor: unverified }))).toEqual({
      allow: false,
      status: 403,
      code: 'email_verification_required',
      details: [],
    });
    for (const action of [
      'block.create',
      'block.update',
      'bio_page.update',
      'bio_page.update_theme',
    ] as const) {
      expect(authorize(happyInput(action, 'owner', false, { actor: unverified })), action).toEqual({
        allow: true,
      });
    }
    expect(authorize(happyInput('bio_page.create', 'owner', false, { actor: unverified }))).toEqual({
      allow: true,
    });
  });

  it('3.7.12 A user on Pro tries to create a second workspace → 403 plan_limit_reached (account-scoped)', () => {
    const input = {
      actor: userActor(),
      action: 'workspace.create',
      workspaceId: null,
      workspace: null,
      membership: null,
      account: { plan: 'pro', workspace_count: 1 },
      now: NOW,
    } as const;
    expect(authorize(input)).toEqual({
      allow: false,
      status: 403,
      code: 'plan_limit_reached',
      details: [
        { field: 'workspaces', issue: 'limit_reached', limit: 1, current: 1, plan: 'pro', kind: 'count' },
      ],
    });
    expect(authorize({ ...input, account: { plan: 'business', workspace_count: 9 } })).toEqual({
      allow: true,
    });
    expect(authorize({ ...input, account: { plan: 'business', workspace_count: 10 } })).toMatchObject({
      code: 'plan_limit_reached',
    });
  });
});
