import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, setPlan, startKit, type Kit } from '../../testing/accounts-kit';

let kit: Kit;
type Env<T> = { data: T };
type Err = { error: { code: string; details: Array<Record<string, unknown>> } };

beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.stop();
});

async function deleteOwnWorkspace(token: string, workspaceId: string): Promise<void> {
  const w = await kit.json<Env<{ name: string }>>(
    await kit.call('GET', `/api/workspaces/${workspaceId}`, { token }),
  );
  const res = await kit.call('DELETE', `/api/workspaces/${workspaceId}`, {
    token,
    body: { confirmation: w.data.name },
  });
  expect(res.status).toBe(200);
}

describe('DELETE /api/me (account deletion)', () => {
  it('is refused with 409 last_owner_required naming every live workspace the user owns, and changes nothing', async () => {
    const { token, workspaceId } = await kit.signUp('owner-of-one@example.com');
    const res = await kit.call('DELETE', '/api/me', {
      token,
      body: { confirmation: 'owner-of-one@example.com' },
    });
    expect(res.status).toBe(409);
    const err = await kit.json<Err>(res);
    expect(err.error.code).toBe('last_owner_required');
    expect(err.error.details).toEqual([
      {
        field: 'workspaces',
        issue: 'sole_owner',
        workspace_id: workspaceId,
        name: "owner-of-one's workspace",
        options: ['transfer_ownership', 'delete_workspace'],
      },
    ]);
    expect((await kit.call('GET', '/api/me', { token })).status).toBe(200);
  });

  it('needs a recent sign-in and the typed e-mail; a wrong confirmation changes nothing', async () => {
    const { token, workspaceId } = await kit.signUp('careful@example.com');
    await deleteOwnWorkspace(token, workspaceId);
    await kit.deps.pool.query(
      "UPDATE sessions SET reauthenticated_at = now() - interval '10 minutes' WHERE user_id = (SELECT id FROM users WHERE email = 'careful@example.com')",
    );
    const stale = await kit.call('DELETE', '/api/me', {
      token,
      body: { confirmation: 'careful@example.com' },
    });
    expect(stale.status).toBe(403);
    expect((await kit.json<Err>(stale)).error.code).toBe('reauthentication_required');
    expect(
      (await kit.call('POST', '/api/auth/reauthenticate', { token, body: { password: PASSWORD } })).status,
    ).toBe(200);
    const wrong = await kit.call('DELETE', '/api/me', {
      token,
      body: { confirmation: 'someone@example.com' },
    });
    expect(wrong.status).toBe(422);
    expect((await kit.json<Err>(wrong)).error.code).toBe('confirmation_required');
    const missing = await kit.call('DELETE', '/api/me', { token, body: {} });
    expect(missing.status).toBe(400);
    expect((await kit.call('GET', '/api/me', { token })).status).toBe(200);
  });

  it('anonymises the account: sessions end, memberships end, the address can sign up again, the audit trail stays', async () => {
    const owner = await kit.signUp('team-owner@example.com');
    await setPlan(kit, owner.workspaceId, 'business');
    const invite = await kit.call('POST', `/api/workspaces/${owner.workspaceId}/invitations`, {
      token: owner.token,
      body: { email: 'leaver@example.com', role: 'editor' },
    });
    expect(invite.status).toBe(201);
    const inviteToken = await kit.tokenFromMail('leaver@example.com', 'invited you');
    const leaver = await kit.signUp('leaver@example.com');
    expect(
      (
        await kit.call('POST', '/api/invitations/accept', {
          token: leaver.token,
          body: { token: inviteToken },
        })
      ).status,
    ).toBe(200);
    await deleteOwnWorkspace(leaver.token, leaver.workspaceId);

    const res = await kit.call('DELETE', '/api/me', {
      token: leaver.token,
      body: { confirmation: ' Leaver@Example.com ' },
    });
    expect(res.status).toBe(200);
    expect((await kit.json<Env<{ deleted: boolean; memberships_ended: number }>>(res)).data).toEqual({
      deleted: true,
      memberships_ended: 1,
    });

    expect((await kit.call('GET', '/api/me', { token: leaver.token })).status).toBe(401);
    const login = await kit.call('POST', '/api/auth/login', {
      body: { email: 'leaver@example.com', password: PASSWORD },
    });
    expect(login.status).toBe(401);
    const members = await kit.json<Env<Array<{ email: string }>>>(
      await kit.call('GET', `/api/workspaces/${owner.workspaceId}/members`, { token: owner.token }),
    );
    expect(members.data.map((m) => m.email)).toEqual(['team-owner@example.com']);

    const { rows } = await kit.deps.pool.query<{
      email: string;
      name: string;
      password_hash: string | null;
      status: string;
    }>('SELECT email, name, password_hash, status FROM users WHERE id = $1', [leaver.userId]);
    expect(rows[0]).toEqual({
      email: `deleted-${leaver.userId}@deleted.invalid`,
      name: '',
      password_hash: null,
      status: 'deleted',
    });
    const audit = await kit.deps.pool.query(
      "SELECT 1 FROM audit_log_entries WHERE action = 'account.deleted' AND resource_id = $1",
      [leaver.userId],
    );
    expect(audit.rowCount).toBe(1);

    const again = await kit.call('POST', '/api/auth/signup', {
      body: { email: 'leaver@example.com', password: PASSWORD, name: 'New Leaver' },
    });
    expect(again.status).toBe(202);
    expect(
      (
        await kit.call('POST', '/api/auth/login', {
          body: { email: 'leaver@example.com', password: PASSWORD },
        })
      ).status,
    ).toBe(200);
  });
});
