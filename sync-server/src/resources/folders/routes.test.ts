import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder } from '@linkhub/shared/schemas/folders';
import type { Link } from '@linkhub/shared/schemas/links';
import { loadVisibleRows } from '../../sync/visible-set';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

let kit: V1Kit;
let key: string;
let otherKey: string;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  otherKey = await kit.key(ALL_SCOPES, 'other');
});
afterAll(async () => {
  await kit.stop();
});

const folder = async (name: string, parent_id?: string, as = key): Promise<Folder> => {
  const res = await kit.api('POST', '/v1/folders', { key: as, body: { name, parent_id } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<Envelope<Folder>>(res)).data;
};
const link = async (slug: string, body: Record<string, unknown> = {}, as = key): Promise<Link> => {
  const res = await kit.api('POST', '/v1/links', {
    key: as,
    body: { destination_url: `https://example.com/${slug}`, slug, ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<Envelope<Link>>(res)).data;
};
const slugsOf = async (path: string, as = key): Promise<string[]> => {
  const res = await kit.api('GET', path, { key: as });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<Envelope<Link[]>>(res)).data.map((l) => l.slug).sort();
};
const errorOf = async (res: Response) => (await json<ErrorBody>(res)).error;

/** An editor of the owner's workspace, with an API key (it acts as their membership, grants and all). */
async function joinEditor(email: string): Promise<{ memberId: string; userId: string; key: string }> {
  const ws = kit.owner.workspaceId;
  const invite = await kit.call('POST', `/api/workspaces/${ws}/invitations`, {
    token: kit.owner.token,
    body: { email, role: 'editor' },
  });
  expect(invite.status).toBe(201);
  const inviteToken = await kit.tokenFromMail(email, 'invited you');
  const person = await kit.signUp(email);
  const accepted = await kit.call('POST', '/api/invitations/accept', {
    token: person.token,
    body: { token: inviteToken },
  });
  expect(accepted.status).toBe(200);
  const memberId = (await kit.json<{ data: { member_id: string } }>(accepted)).data.member_id;
  const made = await kit.call('POST', `/api/workspaces/${ws}/api-keys`, {
    token: person.token,
    body: { name: 'editor', scopes: ['links:read', 'links:write'] },
  });
  expect(made.status, await made.clone().text()).toBe(201);
  return { memberId, userId: person.userId, key: (await kit.json<{ data: { key: string } }>(made)).data.key };
}

const grantFolder = async (memberId: string, folderId: string): Promise<string> => {
  const res = await kit.call('POST', `/api/workspaces/${kit.owner.workspaceId}/grants`, {
    token: kit.owner.token,
    body: { member_id: memberId, resource_type: 'folder', resource_id: folderId },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await kit.json<{ data: { id: string } }>(res)).data.id;
};

describe('/v1/folders', () => {
  it('creates, lists, reads, renames and nests one level deep; a third level and a parent with subfolders are refused', async () => {
    const clients = await folder('Clients');
    const acme = await folder('Acme', clients.id);
    expect(acme).toMatchObject({ name: 'Acme', parent_id: clients.id });

    const deeper = await kit.api('POST', '/v1/folders', { key, body: { name: 'Deep', parent_id: acme.id } });
    expect(deeper.status).toBe(422);
    expect(await errorOf(deeper)).toMatchObject({
      code: 'folder_too_deep',
      details: [{ field: 'parent_id', issue: 'parent_is_subfolder' }],
    });
    const top = await folder('Top');
    const underTop = await kit.api('PATCH', `/v1/folders/${clients.id}`, {
      key,
      body: { parent_id: top.id },
    });
    expect(underTop.status).toBe(422);
    expect((await errorOf(underTop)).details).toEqual([
      expect.objectContaining({ field: 'parent_id', issue: 'has_subfolders' }),
    ]);
    const own = await kit.api('PATCH', `/v1/folders/${top.id}`, { key, body: { parent_id: top.id } });
    expect(own.status).toBe(422);
    const dup = await kit.api('POST', '/v1/folders', { key, body: { name: 'acme', parent_id: clients.id } });
    expect(dup.status).toBe(409);

    const renamed = await kit.api('PATCH', `/v1/folders/${acme.id}`, { key, body: { name: 'Acme Inc' } });
    expect((await json<Envelope<Folder>>(renamed)).data).toMatchObject({
      name: 'Acme Inc',
      parent_id: clients.id,
    });
    const subfolders = await kit.api('GET', `/v1/folders?parent_id=${clients.id}`, { key });
    expect((await json<Envelope<Folder[]>>(subfolders)).data.map((f) => f.name)).toEqual(['Acme Inc']);
    const read = await kit.api('GET', `/v1/folders/${acme.id}`, { key });
    expect(read.status).toBe(200);

    // Another workspace's folder is a 404, as a parent, a read, a link's folder or a move target.
    expect((await kit.api('GET', `/v1/folders/${acme.id}`, { key: otherKey })).status).toBe(404);
    const foreignParent = await kit.api('POST', '/v1/folders', {
      key: otherKey,
      body: { name: 'X', parent_id: clients.id },
    });
    expect(foreignParent.status).toBe(404);
    const foreignLink = await kit.api('POST', '/v1/links', {
      key: otherKey,
      body: { destination_url: 'https://example.com/x', folder_id: clients.id },
    });
    expect(foreignLink.status).toBe(404);
    expect((await errorOf(foreignLink)).details).toEqual([
      expect.objectContaining({ field: 'folder_id', issue: 'not_found' }),
    ]);
  });

  it('filters links by folder (a parent’s filter holds its subfolders’ links), moves in bulk, and a delete moves links out', async () => {
    const parent = await folder('Campaigns');
    const child = await folder('Spring', parent.id);
    const a = await link('fold-a', { folder_id: child.id, note: 'Printed on the spring flyer' });
    expect(a).toMatchObject({ folder_id: child.id, note: 'Printed on the spring flyer' });
    const b = await link('fold-b');
    const c = await link('fold-c');
    expect(await slugsOf(`/v1/links?folder_id=${parent.id}`)).toEqual(['fold-a']);

    const moved = await kit.api('POST', '/v1/links/move', {
      key,
      body: { link_ids: [b.id, c.id], folder_id: parent.id },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await slugsOf(`/v1/links?folder_id=${parent.id}`)).toEqual(['fold-a', 'fold-b', 'fold-c']);
    expect(await slugsOf(`/v1/links?folder_id=${child.id}`)).toEqual(['fold-a']);

    // A move naming one missing link moves none.
    const partial = await kit.api('POST', '/v1/links/move', {
      key,
      body: { link_ids: [b.id, '0190a4c2-7c1e-7000-8000-000000000099'], folder_id: null },
    });
    expect(partial.status).toBe(404);
    expect((await errorOf(partial)).code).toBe('not_found');
    expect(await slugsOf(`/v1/links?folder_id=${parent.id}`)).toEqual(['fold-a', 'fold-b', 'fold-c']);

    const patched = await kit.api('PATCH', `/v1/links/${b.id}`, {
      key,
      body: { note: null, folder_id: null },
    });
    expect((await json<Envelope<Link>>(patched)).data).toMatchObject({ folder_id: null, note: null });

    const removed = await kit.api('DELETE', `/v1/folders/${child.id}`, { key });
    expect(removed.status).toBe(200);
    expect((await kit.api('GET', `/v1/folders/${child.id}`, { key })).status).toBe(404);
    const kept = await kit.api('GET', `/v1/links/${a.id}`, { key });
    expect((await json<Envelope<Link>>(kept)).data).toMatchObject({ folder_id: null, status: 'active' });
    expect(await slugsOf('/v1/links?folder_id=none')).toEqual(expect.arrayContaining(['fold-a', 'fold-b']));

    // Deleting a parent moves its subfolders to the top level.
    const sub = await folder('Summer', parent.id);
    expect((await kit.api('DELETE', `/v1/folders/${parent.id}`, { key })).status).toBe(200);
    const after = await kit.api('GET', `/v1/folders/${sub.id}`, { key });
    expect((await json<Envelope<Folder>>(after)).data.parent_id).toBeNull();
  });

  it('a folder granted to a scoped editor: they see and edit its links, gain those moved in, lose those moved out; deleting it never widens them', async () => {
    const shared = await folder('Agency work');
    const inside = await link('grant-in', { folder_id: shared.id });
    const outside = await link('grant-out');
    const elsewhere = await folder('Private');
    const hidden = await link('grant-hidden', { folder_id: elsewhere.id });
    const sam = await joinEditor('sam@agency.example');
    await grantFolder(sam.memberId, shared.id);

    expect(await slugsOf('/v1/links', sam.key)).toEqual(['grant-in']);
    expect((await kit.api('GET', `/v1/links/${outside.id}`, { key: sam.key })).status).toBe(404);
    expect((await kit.api('GET', `/v1/links/${hidden.id}`, { key: sam.key })).status).toBe(404);
    const edit = await kit.api('PATCH', `/v1/links/${inside.id}`, { key: sam.key, body: { title: 'Sam’s' } });
    expect(edit.status).toBe(200);
    const folders = await kit.api('GET', '/v1/folders', { key: sam.key });
    expect((await json<Envelope<Folder[]>>(folders)).data.map((f) => f.name)).toEqual(['Agency work']);
    // Not into a folder they cannot see: the same 404 as a missing one, and nothing moves.
    const away = await kit.api('PATCH', `/v1/links/${inside.id}`, {
      key: sam.key,
      body: { folder_id: elsewhere.id },
    });
    expect(away.status).toBe(404);
    expect((await errorOf(away)).details).toEqual([expect.objectContaining({ field: 'folder_id' })]);

    const visible = async () =>
      (await loadVisibleRows(kit.deps.pool, sam.userId))
        .map((r) => r.key)
        .filter((k) => k.startsWith('link/') || k.startsWith('folder/'))
        .sort();
    expect(await visible()).toEqual([`folder/${shared.id}`, `link/${inside.id}`].sort());

    await kit.api('POST', '/v1/links/move', { key, body: { link_ids: [outside.id], folder_id: shared.id } });
    expect(await slugsOf('/v1/links', sam.key)).toEqual(['grant-in', 'grant-out']);
    expect((await kit.api('GET', `/v1/links/${outside.id}`, { key: sam.key })).status).toBe(200);
    await kit.api('POST', '/v1/links/move', { key, body: { link_ids: [inside.id], folder_id: null } });
    expect(await slugsOf('/v1/links', sam.key)).toEqual(['grant-out']);
    expect((await kit.api('GET', `/v1/links/${inside.id}`, { key: sam.key })).status).toBe(404);
    expect(await visible()).toEqual([`folder/${shared.id}`, `link/${outside.id}`].sort());

    // The folder goes: its links stay, in no folder; Sam is still scoped (the grant stays) and sees nothing.
    expect((await kit.api('DELETE', `/v1/folders/${shared.id}`, { key })).status).toBe(200);
    expect(await slugsOf('/v1/links', sam.key)).toEqual([]);
    expect(await visible()).toEqual([]);
    expect((await kit.api('GET', `/v1/links/${hidden.id}`, { key: sam.key })).status).toBe(404);
  });
});
