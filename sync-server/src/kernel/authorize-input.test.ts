import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@linkhub/shared/errors/app-error';
import { findApiKeyByToken } from '../identity/api-keys';
import { apiKeyActor } from '../identity/actor';
import { authorizeRequest, loadAuthorizeInput, loadResource, requireAllowed } from './authorize-input';
import { linkArgs, startCommandKit, type Account, type CommandKit } from '../testing/command-kit';

/** The one loader every door authorizes from: workspace, membership and grants, resource, quota usage. */
let kit: CommandKit;
let ws: string;
let editor: Account;
let editorMemberId: string;
let granted: string;
let other: string;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
  editor = await kit.signUp('Eve');
  await kit.sql('UPDATE users SET email_verified_at = now()');
  editorMemberId = await kit.addMember(ws, editor.userId, 'editor');
  const a = linkArgs(ws, { title: 'Granted' });
  const b = linkArgs(ws, { title: 'Not granted' });
  await kit.run('createLink', a);
  await kit.run('createLink', b);
  granted = String(a.id);
  other = String(b.id);
  await kit.sql('UPDATE workspace_members SET is_scoped = true WHERE id = $1', [editorMemberId]);
  await kit.sql(
    "INSERT INTO resource_grants (workspace_id, member_id, resource_type, resource_id) VALUES ($1, $2, 'link', $3)",
    [ws, editorMemberId, granted],
  );
});
afterAll(async () => kit.close());

async function userRequest(who: Account) {
  return (await kit.actor(who)).request;
}

describe('loadAuthorizeInput', () => {
  it('loads the membership with its grants, and a scoped member reaches only granted resources', async () => {
    const actor = await userRequest(editor);
    const loaded = await loadAuthorizeInput(
      kit.deps.pool,
      actor,
      ws,
      { type: 'link', id: granted },
      'link.update',
    );
    expect(loaded.membership).toMatchObject({
      role: 'editor',
      grants: [{ resource_type: 'link', resource_id: granted }],
    });
    expect(
      (await authorizeRequest(kit.deps.pool, actor, ws, 'link.update', { type: 'link', id: granted }))
        .decision.allow,
    ).toBe(true);
    const denied = await authorizeRequest(kit.deps.pool, actor, ws, 'link.update', {
      type: 'link',
      id: other,
    });
    expect(denied.decision).toMatchObject({ allow: false, code: 'not_found' });
  });

  it('counts the quota only for an action that has one on a plan that caps it', async () => {
    const actor = await userRequest(kit.owner);
    expect((await loadAuthorizeInput(kit.deps.pool, actor, ws, null, 'link.create')).usage).toEqual({
      links: 2,
    });
    expect((await loadAuthorizeInput(kit.deps.pool, actor, ws, null, 'link.view')).usage).toBeUndefined();
    await kit.setPlan('business');
    expect((await loadAuthorizeInput(kit.deps.pool, actor, ws, null, 'link.create')).usage).toBeUndefined();
    await kit.setPlan('pro');
  });

  it('reads nothing for no actor or a workspace id that is no uuid', async () => {
    const none = await loadAuthorizeInput(kit.deps.pool, null, ws, { type: 'link', id: granted });
    expect(none).toMatchObject({ workspace: null, membership: null, resource: null });
    const bad = await loadAuthorizeInput(kit.deps.pool, await userRequest(kit.owner), 'not-a-uuid');
    expect(bad).toMatchObject({ workspace: null, membership: null });
  });

  it('an API key reads nothing of another workspace, and a key revoked since its row was read is refused', async () => {
    const res = await kit.app.request(`/api/workspaces/${ws}/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${kit.owner.token}` },
      body: JSON.stringify({ name: 'ci', scopes: ['links:read', 'links:write'] }),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { key: string } };
    const row = await findApiKeyByToken(kit.deps.pool, data.key);
    if (!row) throw new Error('no key row');
    const key = apiKeyActor(row);
    const elsewhere = await loadAuthorizeInput(kit.deps.pool, key, editor.workspaceId);
    expect(elsewhere.workspace).toBeNull();
    expect((await authorizeRequest(kit.deps.pool, key, ws, 'link.create')).decision.allow).toBe(true);
    await kit.sql('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [row.id]);
    expect((await authorizeRequest(kit.deps.pool, key, ws, 'link.create')).decision).toMatchObject({
      allow: false,
      code: 'api_key_revoked',
    });
  });

  it('names the live members only when asked', async () => {
    const actor = await userRequest(kit.owner);
    expect((await loadAuthorizeInput(kit.deps.pool, actor, ws)).memberUserIds).toBeNull();
    const asked = await loadAuthorizeInput(kit.deps.pool, actor, ws, null, undefined, {
      memberUserIds: true,
    });
    expect(new Set(asked.memberUserIds)).toEqual(new Set([kit.owner.userId, editor.userId]));
  });
});

describe('loadResource', () => {
  it('reports a downgrade lock, a QR pin and archiving in the shape authorize() takes', async () => {
    await kit.sql('UPDATE links SET edit_locked_at = now(), archived_at = now() WHERE id = $1', [other]);
    expect(await loadResource(kit.deps.pool, ws, { type: 'link', id: other })).toMatchObject({
      locked_by_downgrade: true,
      archived: true,
      pinned_to_qr_code: false,
    });
    await kit.sql('UPDATE links SET edit_locked_at = NULL, archived_at = NULL WHERE id = $1', [other]);
  });

  it('never finds a resource of another workspace', async () => {
    expect(await loadResource(kit.deps.pool, editor.workspaceId, { type: 'link', id: granted })).toBeNull();
    expect(await loadResource(kit.deps.pool, ws, { type: 'member', id: editorMemberId })).toMatchObject({
      target_role: 'editor',
    });
    expect(await loadResource(kit.deps.pool, ws, { type: 'webhook', id: randomUUID() })).toBeNull();
  });
});

describe('requireAllowed', () => {
  it('throws the denial as the envelope’s error and answers the membership row when allowed', async () => {
    const allowed = await requireAllowed(kit.deps.pool, await userRequest(kit.owner), ws, 'link.create');
    expect(allowed.membershipRow).toMatchObject({ user_id: kit.owner.userId, role: 'owner' });
    await expect(
      requireAllowed(kit.deps.pool, await userRequest(editor), ws, 'workspace.delete'),
    ).rejects.toSatisfy((e) => e instanceof AppError && e.code === 'insufficient_role');
  });
});
