import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan, startKit, type Kit } from '../../testing/accounts-kit';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { autoGrantOnCreate } from '../../identity/grants';
import { findMembership } from '../../identity/members';
import { authorizeRequest } from '../../kernel/authorize-input';
import { resolveSession } from '../../identity/sessions';
import { userActor } from '../../identity/actor';
import { toErrorEnvelope } from '@linkhub/shared/errors/envelope';
import { denialError } from '@linkhub/shared/permissions/decision';

let kit: Kit;
type Env<T> = { data: T; meta?: Record<string, unknown> };
type Err = {
  error: { code: string; message: string; details: Array<Record<string, unknown>>; request_id: string };
};

let owner: { token: string; userId: string; workspaceId: string };
let ws: string;
let linkDomainId: string;

/** Invites `email` as `role`, signs that person up (unless they exist) and accepts; returns their session and member id. */
async function join(
  email: string,
  role: 'admin' | 'editor' | 'viewer',
  existing?: { token: string },
): Promise<{ token: string; memberId: string }> {
  const invite = await kit.call('POST', `/api/workspaces/${ws}/invitations`, {
    token: owner.token,
    body: { email, role },
  });
  expect(invite.status).toBe(201);
  const inviteToken = await kit.tokenFromMail(email, 'invited you');
  const person = existing ?? (await kit.signUp(email));
  const accepted = await kit.call('POST', '/api/invitations/accept', {
    token: person.token,
    body: { token: inviteToken },
  });
  expect(accepted.status).toBe(200);
  const body = await kit.json<Env<{ member_id: string; role: string }>>(accepted);
  expect(body.data.role).toBe(role);
  return { token: person.token, memberId: body.data.member_id };
}

async function insertLink(slug: string): Promise<string> {
  const { rows } = await kit.deps.pool.query<{ id: string }>(
    "INSERT INTO links (workspace_id, domain_id, slug, destination_url) VALUES ($1, $2, $3, 'https://example.com/') RETURNING id",
    [ws, linkDomainId, slug],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no link');
  return id;
}

async function insertPage(handle: string): Promise<string> {
  const { rows } = await kit.deps.pool.query<{ id: string }>(
    'INSERT INTO bio_pages (workspace_id, domain_id, handle) VALUES ($1, $2, $3) RETURNING id',
    [ws, linkDomainId, handle],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no page');
  return id;
}

async function actorFor(token: string): Promise<ReturnType<typeof userActor>> {
  const found = await resolveSession(kit.deps.pool, token);
  if (!found) throw new Error('no session');
  return userActor(found.user, found.session);
}

beforeAll(async () => {
  kit = await startKit();
  owner = await kit.signUp('priya@agency.example');
  ws = owner.workspaceId;
  const { rows } = await kit.deps.pool.query<{ id: string }>(
    "INSERT INTO custom_domains (hostname, is_system, purpose, status, verification_method, verified_at, tls_status) VALUES ('lnk.localhost', true, 'all', 'verified', 'system', now(), 'not_required') RETURNING id",
  );
  linkDomainId = rows[0]?.id ?? '';
});
afterAll(async () => {
  await kit.stop();
});

describe('members and invitations', () => {
  it('a Free workspace has one seat: inviting answers 403 plan_limit_reached (members)', async () => {
    const res = await kit.call('POST', `/api/workspaces/${ws}/invitations`, {
      token: owner.token,
      body: { email: 'x@example.com', role: 'editor' },
    });
    expect(res.status).toBe(403);
    expect((await kit.json<Err>(res)).error.details[0]).toMatchObject({
      field: 'members',
      issue: 'limit_reached',
      limit: 1,
      current: 1,
      plan: 'free',
    });
  });

  it('invites by e-mail (one live invitation per address, hashed single-use token), and the invitee accepts', async () => {
    await setPlan(kit, ws, 'business');
    const editor = await join('dan@example.com', 'editor');
    const dup = await kit.call('POST', `/api/workspaces/${ws}/invitations`, {
      token: owner.token,
      body: { email: 'dan@example.com', role: 'viewer' },
    });
    expect(dup.status).toBe(409);
    expect((await kit.json<Err>(dup)).error.code).toBe('already_member');
    const first = await kit.call('POST', `/api/workspaces/${ws}/invitations`, {
      token: owner.token,
      body: { email: 'twice@example.com', role: 'viewer' },
    });
    expect(first.status).toBe(201);
    const again = await kit.call('POST', `/api/workspaces/${ws}/invitations`, {
      token: owner.token,
      body: { email: 'twice@example.com', role: 'viewer' },
    });
    expect(again.status).toBe(409);
    const stale = await kit.tokenFromMail('twice@example.com', 'invited you');
    const pending = await kit.json<Env<Array<{ id: string; email: string }>>>(
      await kit.call('GET', `/api/workspaces/${ws}/invitations`, { token: owner.token }),
    );
    const twice = pending.data.find((i) => i.email === 'twice@example.com');
    expect(
      (
        await kit.call('POST', `/api/workspaces/${ws}/invitations/${twice?.id}/resend`, {
          token: owner.token,
        })
      ).status,
    ).toBe(200);
    const raw = await kit.tokenFromMail('twice@example.com', 'invited you');
    expect(raw).not.toBe(stale);
    const twiceUser = await kit.signUp('twice@example.com');
    expect(
      (await kit.call('POST', '/api/invitations/accept', { token: twiceUser.token, body: { token: stale } }))
        .status,
    ).toBe(404);
    const { rows } = await kit.deps.pool.query<{ token_hash: string }>(
      "SELECT token_hash FROM workspace_invitations WHERE email = 'twice@example.com'",
    );
    expect(rows[0]?.token_hash).not.toContain(raw);
    // Someone else cannot accept an invitation addressed to twice@: it answers like an unknown token.
    const other = await kit.signUp('notinvited@example.com');
    const notYours = await kit.call('POST', '/api/invitations/accept', {
      token: other.token,
      body: { token: raw },
    });
    expect(notYours.status).toBe(404);
    // It says which account to use, without naming the invited address.
    const { error } = await kit.json<{ error: { message: string } }>(notYours);
    expect(error.message).toBe(
      'This invitation was sent to another address. You are signed in as notinvited@example.com: sign out, then open the link again and sign in with the invited address.',
    );
    expect(error.message).not.toContain('twice@');
    expect(
      (await kit.call('POST', '/api/invitations/accept', { token: twiceUser.token, body: { token: raw } }))
        .status,
    ).toBe(200);
    expect(
      (
        await kit.call(
          'DELETE',
          `/api/workspaces/${ws}/members/${(await findMembership(kit.deps.pool, ws, twiceUser.userId))?.id}`,
          { token: owner.token },
        )
      ).status,
    ).toBe(200);
    const members = await kit.json<Env<Array<{ email: string; role: string }>>>(
      await kit.call('GET', `/api/workspaces/${ws}/members`, { token: editor.token }),
    );
    expect(members.data.map((m) => [m.email, m.role])).toEqual([
      ['priya@agency.example', 'owner'],
      ['dan@example.com', 'editor'],
    ]);
  });

  it('role rules: viewer cannot mutate, admin cannot promote to admin or touch the owner, owner cannot be removed or leave (409)', async () => {
    const admin = await join('ada@example.com', 'admin');
    const viewer = await join('vic@example.com', 'viewer');
    const editor = await join('eddie@example.com', 'editor');
    const ownerMember = await findMembership(kit.deps.pool, ws, owner.userId);

    const viewerPatch = await kit.call('PATCH', `/api/workspaces/${ws}`, {
      token: viewer.token,
      body: { name: 'Hijacked' },
    });
    expect(viewerPatch.status).toBe(403);
    expect((await kit.json<Err>(viewerPatch)).error.code).toBe('insufficient_role');

    const promote = await kit.call('PATCH', `/api/workspaces/${ws}/members/${editor.memberId}`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    expect(promote.status).toBe(403);
    expect((await kit.json<Err>(promote)).error.code).toBe('insufficient_role');
    const demoteOwner = await kit.call('PATCH', `/api/workspaces/${ws}/members/${ownerMember?.id}`, {
      token: admin.token,
      body: { role: 'viewer' },
    });
    expect(demoteOwner.status).toBe(403);
    const toViewer = await kit.call('PATCH', `/api/workspaces/${ws}/members/${editor.memberId}`, {
      token: admin.token,
      body: { role: 'viewer' },
    });
    expect(toViewer.status).toBe(200);

    const removeOwner = await kit.call('DELETE', `/api/workspaces/${ws}/members/${ownerMember?.id}`, {
      token: owner.token,
    });
    expect(removeOwner.status).toBe(409);
    expect((await kit.json<Err>(removeOwner)).error.code).toBe('last_owner_required');
    const leave = await kit.call('POST', `/api/workspaces/${ws}/leave`, { token: owner.token });
    expect(leave.status).toBe(409);
    expect((await kit.json<Err>(leave)).error.code).toBe('last_owner_required');
    const demoteSelf = await kit.call('PATCH', `/api/workspaces/${ws}/members/${ownerMember?.id}`, {
      token: owner.token,
      body: { role: 'admin' },
    });
    expect(demoteSelf.status).toBe(409);

    const left = await kit.call('POST', `/api/workspaces/${ws}/leave`, { token: viewer.token });
    expect(left.status).toBe(200);
    expect((await kit.call('GET', `/api/workspaces/${ws}`, { token: viewer.token })).status).toBe(404);
  });

  it('transfers ownership: the new owner is Owner, the old one Admin, exactly one owner throughout', async () => {
    const priyaMember = (await findMembership(kit.deps.pool, ws, owner.userId))?.id ?? '';
    const { rows } = await kit.deps.pool.query<{ id: string }>(
      "SELECT m.id FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE u.email = 'ada@example.com' AND m.workspace_id = $1 AND m.deleted_at IS NULL",
      [ws],
    );
    const adaMember = rows[0]?.id ?? '';
    const res = await kit.call('POST', `/api/workspaces/${ws}/transfer-ownership`, {
      token: owner.token,
      body: { member_id: adaMember },
    });
    expect(res.status).toBe(200);
    const roles = await kit.deps.pool.query<{ email: string; role: string }>(
      "SELECT u.email, m.role FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND m.deleted_at IS NULL AND m.role IN ('owner', 'admin') ORDER BY u.email",
      [ws],
    );
    expect(roles.rows).toEqual([
      { email: 'ada@example.com', role: 'owner' },
      { email: 'priya@agency.example', role: 'admin' },
    ]);
    const ada = await kit.json<{ data: { token: string } }>(
      await kit.call('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password: 'correct horse battery staple' },
      }),
    );
    const back = await kit.call('POST', `/api/workspaces/${ws}/transfer-ownership`, {
      token: ada.data.token,
      body: { member_id: priyaMember },
    });
    expect(back.status).toBe(200);
  });
});

describe('per-resource grants (Business)', () => {
  it('a scoped editor sees only granted resources; an ungranted one is a 404 identical to a missing one', async () => {
    const scoped = await join('freelancer@example.com', 'editor');
    const granted = await insertLink('granted');
    const hidden = await insertLink('hidden');
    const page = await insertPage('granted-page');
    for (const [type, id] of [
      ['link', granted],
      ['bio_page', page],
    ] as const) {
      const res = await kit.call('POST', `/api/workspaces/${ws}/grants`, {
        token: owner.token,
        body: { member_id: scoped.memberId, resource_type: type, resource_id: id },
      });
      expect(res.status).toBe(201);
    }
    const actor = await actorFor(scoped.token);
    expect(
      (await authorizeRequest(kit.deps.pool, actor, ws, 'link.view', { type: 'link', id: granted })).decision
        .allow,
    ).toBe(true);
    const probe = await authorizeRequest(kit.deps.pool, actor, ws, 'link.view', { type: 'link', id: hidden });
    const missing = await authorizeRequest(kit.deps.pool, actor, ws, 'link.view', {
      type: 'link',
      id: '0190c3c4-0000-7000-8000-00000000beef',
    });
    expect(probe.decision).toEqual({ allow: false, status: 404, code: 'not_found', details: [] });
    if (probe.decision.allow || missing.decision.allow) throw new Error('expected denials');
    const a = JSON.stringify(toErrorEnvelope(denialError(probe.decision), 'req_x').body);
    const b = JSON.stringify(toErrorEnvelope(denialError(missing.decision), 'req_x').body);
    expect(a).toBe(b);

    // A scoped editor's new resource is auto-granted in the creating transaction (source auto_on_create, audited).
    const membership = await findMembership(kit.deps.pool, ws, actor.kind === 'user' ? actor.user.id : '');
    if (!membership) throw new Error('no membership');
    const created = await withTransaction(kit.deps.pool, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        "INSERT INTO links (workspace_id, domain_id, slug, destination_url) VALUES ($1, $2, 'mine', 'https://example.com/m') RETURNING id",
        [ws, linkDomainId],
      );
      const id = rows[0]?.id ?? '';
      await autoGrantOnCreate(tx, membership, 'link', id);
      return id;
    });
    expect(
      (await authorizeRequest(kit.deps.pool, actor, ws, 'link.update', { type: 'link', id: created }))
        .decision.allow,
    ).toBe(true);
    const auto = await kit.deps.pool.query<{ source: string }>(
      'SELECT source FROM resource_grants WHERE resource_id = $1',
      [created],
    );
    expect(auto.rows).toEqual([{ source: 'auto_on_create' }]);
    const audit = await kit.json<Env<Array<{ metadata: { source?: string } }>>>(
      await kit.call('GET', `/api/workspaces/${ws}/audit?action=grant.created&resource_id=${created}`, {
        token: owner.token,
      }),
    );
    expect(audit.data[0]?.metadata.source).toBe('auto_on_create');

    // Un-scoping (all grants revoked at once) gives full workspace scope for the role; the auto grant goes too.
    const unscope = await kit.call('DELETE', `/api/workspaces/${ws}/members/${scoped.memberId}/grants`, {
      token: owner.token,
    });
    expect(unscope.status).toBe(200);
    expect((await kit.json<Env<{ grants_deleted: number }>>(unscope)).data.grants_deleted).toBe(3);
    expect(
      (await authorizeRequest(kit.deps.pool, actor, ws, 'link.view', { type: 'link', id: hidden })).decision
        .allow,
    ).toBe(true);
    for (const id of [granted, created]) {
      await kit.call('POST', `/api/workspaces/${ws}/grants`, {
        token: owner.token,
        body: { member_id: scoped.memberId, resource_type: 'link', resource_id: id },
      });
    }
    expect(
      (await authorizeRequest(kit.deps.pool, actor, ws, 'link.view', { type: 'link', id: hidden })).decision
        .allow,
    ).toBe(false);

    // Removing the member deletes every grant (the auto one too) in the same transaction; the content stays.
    const removed = await kit.call('DELETE', `/api/workspaces/${ws}/members/${scoped.memberId}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect((await kit.json<Env<{ grants_deleted: number }>>(removed)).data.grants_deleted).toBe(2);
    const left = await kit.deps.pool.query('SELECT 1 FROM resource_grants WHERE member_id = $1', [
      scoped.memberId,
    ]);
    expect(left.rows).toHaveLength(0);
    const links = await kit.deps.pool.query(
      'SELECT id FROM links WHERE id = ANY($1) AND deleted_at IS NULL',
      [[granted, hidden, created]],
    );
    expect(links.rows).toHaveLength(3);
    const after = await authorizeRequest(kit.deps.pool, await actorFor(scoped.token), ws, 'link.view', {
      type: 'link',
      id: created,
    });
    expect(after.decision).toMatchObject({ allow: false, code: 'not_found' });
  });

  it('an unverified owner may build but not publish (403 email_verification_required)', async () => {
    const newbie = await kit.signUp('newbie@example.com', { verify: false });
    ws = newbie.workspaceId;
    const page = await insertPage('newbie');
    const actor = await actorFor(newbie.token);
    expect(
      (await authorizeRequest(kit.deps.pool, actor, ws, 'bio_page.update', { type: 'bio_page', id: page }))
        .decision.allow,
    ).toBe(true);
    const publish = await authorizeRequest(kit.deps.pool, actor, ws, 'bio_page.publish', {
      type: 'bio_page',
      id: page,
    });
    expect(publish.decision).toMatchObject({
      allow: false,
      status: 403,
      code: 'email_verification_required',
    });
  });

  it('grants are a Business feature (403 plan_feature_unavailable elsewhere)', async () => {
    const solo = await kit.signUp('solo@example.com');
    const { rows } = await kit.deps.pool.query<{ id: string }>(
      'SELECT id FROM workspace_members WHERE workspace_id = $1',
      [solo.workspaceId],
    );
    const res = await kit.call('POST', `/api/workspaces/${solo.workspaceId}/grants`, {
      token: solo.token,
      body: {
        member_id: rows[0]?.id,
        resource_type: 'link',
        resource_id: '0190c3c4-0000-7000-8000-00000000beef',
      },
    });
    expect(res.status).toBe(403);
    expect((await kit.json<Err>(res)).error).toMatchObject({
      code: 'plan_feature_unavailable',
      details: [{ field: 'grants_enabled', issue: 'feature_unavailable', plan: 'free' }],
    });
  });
});
