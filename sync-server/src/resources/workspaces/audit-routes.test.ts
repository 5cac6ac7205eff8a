import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, startV1Kit, type V1Kit } from '../../testing/v1-kit';

/** The audit log names what each entry is about, by its current name, and only within its workspace. */
let kit: V1Kit;
let key: string;
type Entry = {
  action: string;
  resource_type: string | null;
  resource_name: string | null;
  actor: { type: string; api_key_name: string | null };
};
type Env<T> = { data: T };

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => kit.stop());

const created = async (res: Response): Promise<string> => {
  expect(res.status).toBe(201);
  return (await kit.json<Env<{ id: string }>>(res)).data.id;
};

const auditOf = async (workspaceId: string, token: string): Promise<Entry[]> =>
  (await kit.json<Env<Entry[]>>(await kit.call('GET', `/api/workspaces/${workspaceId}/audit`, { token })))
    .data;

describe('audit log entries name their resource', () => {
  it('by its current title, short address or handle', async () => {
    const link = await created(
      await kit.api('POST', '/v1/links', {
        key,
        body: { destination_url: 'https://example.com/a', title: 'Spring sale' },
      }),
    );
    await kit.api('PATCH', `/v1/links/${link}`, { key, body: { title: 'Summer sale' } });
    await created(
      await kit.api('POST', '/v1/links', {
        key,
        body: { destination_url: 'https://example.com/b', slug: 'untitled-one' },
      }),
    );
    await created(
      await kit.api('POST', '/v1/pages', { key, body: { handle: 'audited', title: 'Audited page' } }),
    );
    const invited = await kit.call('POST', `/api/workspaces/${kit.owner.workspaceId}/invitations`, {
      token: kit.owner.token,
      body: { email: 'Invitee@Example.com', role: 'editor' },
    });
    expect(invited.status).toBe(201);

    const entries = await auditOf(kit.owner.workspaceId, kit.owner.token);
    const names = entries.map((e) => [e.action, e.resource_name]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['link.created', 'Summer sale'],
        ['link.updated', 'Summer sale'],
        ['link.created', `${kit.deps.config.LINK_HOST}/untitled-one`],
        ['bio_page.created', '@audited'],
        ['invitation.created', 'invitee@example.com'],
      ]),
    );
  });

  it("never with another workspace's resource, even when an entry points at one", async () => {
    const foreign = await created(
      await kit.api('POST', '/v1/links', {
        key: await kit.key(['links:write'], 'other'),
        body: { destination_url: 'https://example.com/c', title: 'Confidential merger' },
      }),
    );
    await kit.deps.pool.query(
      `INSERT INTO audit_log_entries (workspace_id, actor_type, action, resource_type, resource_id)
       VALUES ($1, 'system', 'link.updated', 'link', $2)`,
      [kit.owner.workspaceId, foreign],
    );
    const entries = await auditOf(kit.owner.workspaceId, kit.owner.token);
    expect(entries[0]).toMatchObject({ action: 'link.updated', resource_name: null });
    expect(JSON.stringify(entries)).not.toContain('Confidential');
  });
});

describe('audit log entries name the API key that made a change', () => {
  const namedKey = async (who: 'owner' | 'other', name: string): Promise<{ id: string; key: string }> => {
    const account = who === 'owner' ? kit.owner : kit.other;
    const res = await kit.call('POST', `/api/workspaces/${account.workspaceId}/api-keys`, {
      token: account.token,
      body: { name, scopes: ['links:write'] },
    });
    expect(res.status).toBe(201);
    return (await kit.json<Env<{ id: string; key: string }>>(res)).data;
  };

  it('by its name, also once it is revoked', async () => {
    const zapier = await namedKey('owner', 'Zapier – Shopify orders');
    await created(
      await kit.api('POST', '/v1/links', {
        key: zapier.key,
        body: { destination_url: 'https://example.com/zap', title: 'Made by a zap' },
      }),
    );
    const revoked = await kit.call(
      'DELETE',
      `/api/workspaces/${kit.owner.workspaceId}/api-keys/${zapier.id}`,
      {
        token: kit.owner.token,
      },
    );
    expect(revoked.status).toBeLessThan(300);
    const entries = await auditOf(kit.owner.workspaceId, kit.owner.token);
    const made = entries.find((e) => e.action === 'link.created' && e.resource_name === 'Made by a zap');
    expect(made?.actor).toMatchObject({ type: 'api_key', api_key_name: 'Zapier – Shopify orders' });
  });

  it("never another workspace's key", async () => {
    const foreign = await namedKey('other', 'Secret integration');
    await kit.deps.pool.query(
      `INSERT INTO audit_log_entries (workspace_id, actor_type, actor_api_key_id, action)
       VALUES ($1, 'api_key', $2, 'link.updated')`,
      [kit.owner.workspaceId, foreign.id],
    );
    const entries = await auditOf(kit.owner.workspaceId, kit.owner.token);
    expect(entries[0]?.actor).toMatchObject({ type: 'api_key', api_key_name: null });
    expect(JSON.stringify(entries)).not.toContain('Secret integration');
  });
});
