import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, startV1Kit, type V1Kit } from '../v1/test-kit';

/** The audit log names what each entry is about, by its current name, and only within its workspace. */
let kit: V1Kit;
let key: string;
type Entry = { action: string; resource_type: string | null; resource_name: string | null };
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
