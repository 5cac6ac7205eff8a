import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan, startKit, type Kit } from '../../testing/accounts-kit';
import { base32Decode } from '../../identity/base32';
import { totpAt } from '../../identity/totp';

let kit: Kit;
type Env<T> = { data: T; meta?: { next_cursor?: string | null } };
type Err = {
  error: { code: string; message: string; details: Array<Record<string, unknown>>; request_id: string };
};

let a: { token: string; userId: string; workspaceId: string };
let b: { token: string; userId: string; workspaceId: string };

async function createKey(token: string, ws: string, scopes: string[]): Promise<Response> {
  return kit.call('POST', `/api/workspaces/${ws}/api-keys`, { token, body: { name: 'CI', scopes } });
}

beforeAll(async () => {
  kit = await startKit();
  a = await kit.signUp('owner-a@example.com');
  b = await kit.signUp('owner-b@example.com');
  await setPlan(kit, a.workspaceId, 'business');
});
afterAll(async () => {
  await kit.stop();
});

describe('API keys', () => {
  it('creates a key shown once, stored hashed, bound to its workspace; use records last_used_at', async () => {
    const res = await createKey(a.token, a.workspaceId, ['workspace:read', 'links:read']);
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const created = (await kit.json<Env<{ id: string; key: string; prefix: string; scopes: string[] }>>(res))
      .data;
    expect(created.key).toMatch(/^lh_[A-Za-z0-9]{8}_/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const list = await kit.json<Env<Array<Record<string, unknown>>>>(
      await kit.call('GET', `/api/workspaces/${a.workspaceId}/api-keys`, { token: a.token }),
    );
    expect(JSON.stringify(list)).not.toContain(created.key);
    const stored = await kit.deps.pool.query<{ key_hash: string }>(
      'SELECT key_hash FROM api_keys WHERE id = $1',
      [created.id],
    );
    expect(stored.rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const own = await kit.call('GET', `/api/workspaces/${a.workspaceId}`, { token: created.key });
    expect(own.status).toBe(200);
    const used = await kit.json<Env<Array<{ id: string; last_used_at: string | null }>>>(
      await kit.call('GET', `/api/workspaces/${a.workspaceId}/api-keys`, { token: a.token }),
    );
    expect(used.data.find((k) => k.id === created.id)?.last_used_at).toBeTruthy();

    // Workspace A's key addressing workspace B: the same 404 as a workspace that never existed.
    const headers = { 'X-Request-Id': 'req_tenancy_probe_1' };
    const cross = await kit.call('GET', `/api/workspaces/${b.workspaceId}`, { token: created.key, headers });
    const never = await kit.call('GET', '/api/workspaces/0190c3c4-0000-7000-8000-0000000000ff', {
      token: created.key,
      headers,
    });
    expect(cross.status).toBe(404);
    expect(await cross.text()).toBe(await never.text());

    // Members, audit and key management are not reachable by any key.
    const members = await kit.call('GET', `/api/workspaces/${a.workspaceId}/members`, { token: created.key });
    expect(members.status).toBe(403);
    expect((await kit.json<Err>(members)).error.code).toBe('action_not_available_to_api_key');
    expect(
      (await kit.call('GET', `/api/workspaces/${a.workspaceId}/audit`, { token: created.key })).status,
    ).toBe(403);
    // Spec 3.7.9: even an owner's key cannot invite members.
    const invite = await kit.call('POST', `/api/workspaces/${a.workspaceId}/invitations`, {
      token: created.key,
      body: { email: 'k@example.com', role: 'viewer' },
    });
    expect(invite.status).toBe(403);
    expect((await kit.json<Err>(invite)).error.code).toBe('action_not_available_to_api_key');
    const rename = await kit.call('PATCH', `/api/workspaces/${a.workspaceId}`, {
      token: created.key,
      body: { name: 'By key' },
    });
    expect(rename.status).toBe(403);

    // Revoked: 401 api_key_revoked.
    expect(
      (
        await kit.call('DELETE', `/api/workspaces/${a.workspaceId}/api-keys/${created.id}`, {
          token: a.token,
        })
      ).status,
    ).toBe(200);
    const revoked = await kit.call('GET', `/api/workspaces/${a.workspaceId}`, { token: created.key });
    expect(revoked.status).toBe(401);
    expect((await kit.json<Err>(revoked)).error.code).toBe('api_key_revoked');
    // An unknown key is no actor at all.
    expect(
      (await kit.call('GET', `/api/workspaces/${a.workspaceId}`, { token: `lh_AAAAAAAA_${'x'.repeat(43)}` }))
        .status,
    ).toBe(401);
  });

  it('never grants scopes beyond the creator role, and has no billing/members/audit/leads scopes', async () => {
    const invalid = await createKey(a.token, a.workspaceId, ['billing:read']);
    expect(invalid.status).toBe(400);
    expect((await kit.json<Err>(invalid)).error.details[0]).toMatchObject({ field: 'scopes.0' });
    await kit.call('POST', `/api/workspaces/${a.workspaceId}/invitations`, {
      token: a.token,
      body: { email: 'ed@example.com', role: 'editor' },
    });
    const inviteToken = await kit.tokenFromMail('ed@example.com', 'invited you');
    const ed = await kit.signUp('ed@example.com');
    expect(
      (await kit.call('POST', '/api/invitations/accept', { token: ed.token, body: { token: inviteToken } }))
        .status,
    ).toBe(200);
    const beyond = await createKey(ed.token, a.workspaceId, ['links:write', 'domains:write']);
    expect(beyond.status).toBe(403);
    expect((await kit.json<Err>(beyond)).error).toMatchObject({
      code: 'insufficient_role',
      details: [{ field: 'scopes', issue: 'beyond_role', scope: 'domains:write' }],
    });
    const edKey = await createKey(ed.token, a.workspaceId, ['links:write', 'links:read', 'workspace:read']);
    expect(edKey.status).toBe(201);
    const rawEdKey = (await kit.json<Env<{ key: string }>>(edKey)).data.key;
    expect((await kit.call('GET', `/api/workspaces/${a.workspaceId}`, { token: rawEdKey })).status).toBe(200);
    // The key inherits its creator's membership: when the creator is removed, the key stops working.
    const members = await kit.json<Env<Array<{ id: string; email: string }>>>(
      await kit.call('GET', `/api/workspaces/${a.workspaceId}/members`, { token: a.token }),
    );
    const edMember = members.data.find((m) => m.email === 'ed@example.com');
    expect(
      (
        await kit.call('DELETE', `/api/workspaces/${a.workspaceId}/members/${edMember?.id}`, {
          token: a.token,
        })
      ).status,
    ).toBe(200);
    const orphan = await kit.call('GET', `/api/workspaces/${a.workspaceId}`, { token: rawEdKey });
    expect(orphan.status).toBe(401);
    expect((await kit.json<Err>(orphan)).error.code).toBe('api_key_revoked');
    // Re-invite Ed for the audit test below.
    await kit.call('POST', `/api/workspaces/${a.workspaceId}/invitations`, {
      token: a.token,
      body: { email: 'ed@example.com', role: 'editor' },
    });
    const again = await kit.tokenFromMail('ed@example.com', 'invited you');
    expect(
      (await kit.call('POST', '/api/invitations/accept', { token: ed.token, body: { token: again } })).status,
    ).toBe(200);
  });
});

describe('audit log', () => {
  it('owner/admin read it newest first, paginated and filterable; an editor cannot', async () => {
    const page1 = await kit.json<Env<Array<{ id: string; action: string; actor: { email: string } }>>>(
      await kit.call('GET', `/api/workspaces/${a.workspaceId}/audit?limit=2`, { token: a.token }),
    );
    expect(page1.data).toHaveLength(2);
    expect(page1.meta?.next_cursor).toBeTruthy();
    const page2 = await kit.json<Env<Array<{ id: string }>>>(
      await kit.call(
        'GET',
        `/api/workspaces/${a.workspaceId}/audit?limit=2&cursor=${page1.meta?.next_cursor}`,
        { token: a.token },
      ),
    );
    expect(page2.data.every((e) => !page1.data.some((p) => p.id === e.id))).toBe(true);
    const keys = await kit.json<Env<Array<{ action: string }>>>(
      await kit.call('GET', `/api/workspaces/${a.workspaceId}/audit?action=api_key.`, { token: a.token }),
    );
    expect(keys.data.map((e) => e.action)).toEqual(['api_key.created', 'api_key.revoked', 'api_key.created']); // newest first; removal revokes keys without a separate entry
    const bad = await kit.call('GET', `/api/workspaces/${a.workspaceId}/audit?limit=9999`, {
      token: a.token,
    });
    expect(bad.status).toBe(400);
    const ed = await kit.json<Env<{ token: string }>>(
      await kit.call('POST', '/api/auth/login', {
        body: { email: 'ed@example.com', password: 'correct horse battery staple' },
      }),
    );
    const denied = await kit.call('GET', `/api/workspaces/${a.workspaceId}/audit`, { token: ed.data.token });
    expect(denied.status).toBe(403);
    expect((await kit.json<Err>(denied)).error.code).toBe('insufficient_role');
    // Append-only at the storage layer.
    await expect(
      kit.deps.pool.query('UPDATE audit_log_entries SET action = $1', ['tampered']),
    ).rejects.toThrow(/append_only/);
  });
});

describe('workspace two-factor requirement', () => {
  it('once the owner requires 2FA, a member without it gets 401 totp_required', async () => {
    const refused = await kit.call('PUT', `/api/workspaces/${a.workspaceId}/two-factor-policy`, {
      token: a.token,
      body: { require_two_factor: true },
    });
    expect(refused.status).toBe(401);
    const enrol = await kit.json<Env<{ secret: string }>>(
      await kit.call('POST', '/api/2fa/enrol', { token: a.token }),
    );
    const confirm = await kit.call('POST', '/api/2fa/confirm', {
      token: a.token,
      body: { code: totpAt(base32Decode(enrol.data.secret), Date.now() / 1000) },
    });
    expect(confirm.status).toBe(200);
    const set = await kit.call('PUT', `/api/workspaces/${a.workspaceId}/two-factor-policy`, {
      token: a.token,
      body: { require_two_factor: true },
    });
    expect(set.status).toBe(200);
    expect((await kit.call('GET', `/api/workspaces/${a.workspaceId}`, { token: a.token })).status).toBe(200);
    const ed = await kit.json<Env<{ token: string }>>(
      await kit.call('POST', '/api/auth/login', {
        body: { email: 'ed@example.com', password: 'correct horse battery staple' },
      }),
    );
    const blocked = await kit.call('GET', `/api/workspaces/${a.workspaceId}`, { token: ed.data.token });
    expect(blocked.status).toBe(401);
    expect((await kit.json<Err>(blocked)).error.code).toBe('totp_required');
  });
});
