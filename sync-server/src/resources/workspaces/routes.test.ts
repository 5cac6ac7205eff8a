import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan, startKit, type Kit } from '../../testing/accounts-kit';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.stop();
});

type Env<T> = { data: T; meta?: Record<string, unknown> };
type Err = {
  error: { code: string; message: string; details: Array<Record<string, unknown>>; request_id: string };
};

describe('workspaces', () => {
  it('creates a workspace within the plan cap; one more answers 403 plan_limit_reached with the details', async () => {
    const { token, workspaceId } = await kit.signUp('cap@example.com');
    const second = await kit.call('POST', '/api/workspaces', { token, body: { name: 'Second' } });
    expect(second.status).toBe(403);
    const err = await kit.json<Err>(second);
    expect(err.error.code).toBe('plan_limit_reached');
    expect(err.error.details[0]).toEqual({
      field: 'workspaces',
      issue: 'limit_reached',
      limit: 1,
      current: 1,
      plan: 'free',
      kind: 'count',
    });

    await setPlan(kit, workspaceId, 'business');
    const created = await kit.call('POST', '/api/workspaces', { token, body: { name: 'Client A' } });
    expect(created.status).toBe(201);
    const body = await kit.json<Env<{ id: string; name: string; role: string; plan: string }>>(created);
    expect(body.data).toMatchObject({ name: 'Client A', role: 'owner', plan: 'business' });
    const list = await kit.json<Env<Array<{ name: string }>>>(
      await kit.call('GET', '/api/workspaces', { token }),
    );
    expect(list.data.map((w) => w.name)).toEqual(["cap's workspace", 'Client A']);
  });

  it('renames and brands a workspace (audited); bad colours are 400 and change nothing', async () => {
    const { token, workspaceId } = await kit.signUp('brand@example.com');
    const ok = await kit.call('PATCH', `/api/workspaces/${workspaceId}`, {
      token,
      body: {
        name: 'Acme',
        branding: { primary_color: '#112233', logo_url: 'https://cdn.example.com/logo.png' },
      },
    });
    expect(ok.status).toBe(200);
    expect((await kit.json<Env<{ name: string; branding: Record<string, string> }>>(ok)).data).toMatchObject({
      name: 'Acme',
      branding: { primary_color: '#112233' },
    });
    const bad = await kit.call('PATCH', `/api/workspaces/${workspaceId}`, {
      token,
      body: { name: 'Nope', branding: { primary_color: 'red' } },
    });
    expect(bad.status).toBe(400);
    expect((await kit.json<Err>(bad)).error.details).toEqual([
      expect.objectContaining({ field: 'branding.primary_color' }),
    ]);
    const got = await kit.json<Env<{ name: string }>>(
      await kit.call('GET', `/api/workspaces/${workspaceId}`, { token }),
    );
    expect(got.data.name).toBe('Acme');
    const audit = await kit.json<Env<Array<{ action: string }>>>(
      await kit.call('GET', `/api/workspaces/${workspaceId}/audit?action=workspace.updated`, { token }),
    );
    expect(audit.data).toHaveLength(1);
  });

  it('soft-deletes with the typed confirmation only, answers 410 afterwards, and the owner can restore it', async () => {
    const { token, workspaceId } = await kit.signUp('delete@example.com');
    await kit.call('PATCH', `/api/workspaces/${workspaceId}`, { token, body: { name: 'Doomed' } });
    const unconfirmed = await kit.call('DELETE', `/api/workspaces/${workspaceId}`, {
      token,
      body: { confirmation: 'doomed' },
    });
    expect(unconfirmed.status).toBe(422);
    expect((await kit.json<Err>(unconfirmed)).error.code).toBe('confirmation_required');
    const del = await kit.call('DELETE', `/api/workspaces/${workspaceId}`, {
      token,
      body: { confirmation: 'Doomed' },
    });
    expect(del.status).toBe(200);
    expect((await kit.json<Env<{ restorable_until: string }>>(del)).data.restorable_until).toBeTruthy();
    const gone = await kit.call('GET', `/api/workspaces/${workspaceId}`, { token });
    expect(gone.status).toBe(410);
    expect((await kit.json<Err>(gone)).error.code).toBe('workspace_deleted');
    const restored = await kit.call('POST', `/api/workspaces/${workspaceId}/restore`, { token });
    expect(restored.status).toBe(200);
    expect((await kit.call('GET', `/api/workspaces/${workspaceId}`, { token })).status).toBe(200);
  });

  it('deleting needs a recent sign-in (403 reauthentication_required) until the password is re-entered', async () => {
    const { token, workspaceId } = await kit.signUp('stepup@example.com');
    await kit.call('PATCH', `/api/workspaces/${workspaceId}`, { token, body: { name: 'Old' } });
    await kit.deps.pool.query(
      "UPDATE sessions SET reauthenticated_at = now() - interval '10 minutes' WHERE user_id = (SELECT id FROM users WHERE email = 'stepup@example.com')",
    );
    const stale = await kit.call('DELETE', `/api/workspaces/${workspaceId}`, {
      token,
      body: { confirmation: 'Old' },
    });
    expect(stale.status).toBe(403);
    expect((await kit.json<Err>(stale)).error.code).toBe('reauthentication_required');
    expect(
      (
        await kit.call('POST', '/api/auth/reauthenticate', {
          token,
          body: { password: 'wrong password here' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await kit.call('POST', '/api/auth/reauthenticate', {
          token,
          body: { password: 'correct horse battery staple' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await kit.call('DELETE', `/api/workspaces/${workspaceId}`, { token, body: { confirmation: 'Old' } }))
        .status,
    ).toBe(200);
  });

  it('a stranger and a missing workspace get the same 404', async () => {
    const { workspaceId } = await kit.signUp('private@example.com');
    const { token: stranger } = await kit.signUp('stranger@example.com');
    const headers = { 'X-Request-Id': 'req_probe_request_01' };
    const theirs = await kit.call('GET', `/api/workspaces/${workspaceId}`, { token: stranger, headers });
    const missing = await kit.call('GET', '/api/workspaces/0190c3c4-0000-7000-8000-000000000000', {
      token: stranger,
      headers,
    });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe(await missing.text());
  });

  it('requires sign-in (401 unauthenticated)', async () => {
    const res = await kit.call('GET', '/api/workspaces');
    expect(res.status).toBe(401);
    expect((await kit.json<Err>(res)).error.code).toBe('unauthenticated');
  });
});
