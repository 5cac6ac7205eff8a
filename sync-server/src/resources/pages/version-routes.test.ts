import { randomUUID } from 'node:crypto';
import { generateKeyBetween } from 'fractional-indexing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restorePreviewSchema } from '@linkhub/shared/mutators/pages';
import { pageVersionListSchema } from '@linkhub/shared/schemas/page-versions';
import { blockViewSchema } from '@linkhub/shared/sync/views';
import {
  createSyncHarness,
  eventually,
  syncRound,
  type SyncClient,
  type SyncHarness,
} from '../../testing/sync-harness';

/** The bio page history: published versions listed for the editor, restored through the restorePageVersion mutation. */
let h: SyncHarness;
beforeAll(async () => {
  h = await createSyncHarness();
});
afterAll(async () => {
  await h.close();
});

const get = (path: string, token?: string) =>
  Promise.resolve(h.app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} }));

async function verifiedOwner(name: string) {
  const owner = await h.signUp(name);
  await h.sql('UPDATE users SET email_verified_at = now() WHERE id = $1', [owner.userId]);
  return owner;
}

/** A page published twice: v1 has one header, v2 a header and a link on a dark theme. */
async function pagePublishedTwice(client: SyncClient, workspaceId: string) {
  const page = randomUUID();
  const ref = { id: page, workspace_id: workspaceId };
  const p1 = generateKeyBetween(null, null);
  await client.rep.mutate.createPage({
    ...ref,
    handle: `hist-${randomUUID().slice(0, 6)}`,
    title: 'History',
  });
  await client.rep.mutate.addBlock({
    id: randomUUID(),
    page_id: page,
    workspace_id: workspaceId,
    type: 'header',
    data: { text: 'First edition' },
    position: p1,
  });
  await client.rep.mutate.publishPage(ref);
  await client.rep.mutate.addBlock({
    id: randomUUID(),
    page_id: page,
    workspace_id: workspaceId,
    type: 'link',
    data: { title: 'Shop', url: 'https://example.com/shop' },
    position: generateKeyBetween(p1, null),
  });
  await client.rep.mutate.updatePage({ ...ref, theme: { background: '#111111', text: '#eeeeee' } });
  await client.rep.mutate.publishPage(ref);
  await syncRound(client);
  await eventually(
    () => h.sql("SELECT 1 FROM bio_page_versions WHERE page_id = $1 AND kind = 'published'", [page]),
    (rows) => rows.length === 2,
    client,
  );
  return page;
}

const liveBlocks = (page: string) =>
  h.sql<{ type: string; position: string; data: { text?: string; title?: string } }>(
    'SELECT type, position, data FROM bio_blocks WHERE page_id = $1 AND deleted_at IS NULL ORDER BY position COLLATE "C"',
    [page],
  );

describe('GET /api/workspaces/{ws}/pages/{id}/versions', () => {
  it('lists the published versions newest first, with who published, the block count and the snapshot', async () => {
    const owner = await verifiedOwner('Hanna');
    const client = h.client(owner.token);
    const page = await pagePublishedTwice(client, owner.workspaceId);
    // Published again with nothing changed (another device, an integration calling twice): no third version.
    await client.rep.mutate.publishPage({ id: page, workspace_id: owner.workspaceId });
    await syncRound(client);
    const res = await get(`/api/workspaces/${owner.workspaceId}/pages/${page}/versions`, owner.token);
    expect(res.status).toBe(200);
    const versions = pageVersionListSchema.parse(((await res.json()) as { data: unknown }).data);
    expect(versions.map((v) => v.kind)).toEqual(['published', 'published']);
    expect(versions.map((v) => v.block_count)).toEqual([2, 1]);
    expect(versions[0]?.version).toBeGreaterThan(versions[1]?.version ?? Infinity);
    expect(versions[1]?.created_by?.name).toBe('Hanna');
    expect(JSON.stringify(versions[1]?.snapshot)).toContain('First edition');
    const all = await get(
      `/api/workspaces/${owner.workspaceId}/pages/${page}/versions?kind=all`,
      owner.token,
    );
    expect(
      pageVersionListSchema.parse(((await all.json()) as { data: unknown }).data).length,
    ).toBeGreaterThan(2);
  });

  it('answers another workspace the same 404 as a missing page, a signed-out caller 401, and a bad query 400', async () => {
    const owner = await verifiedOwner('Ivo');
    const page = await pagePublishedTwice(h.client(owner.token), owner.workspaceId);
    const stranger = await h.signUp('Stranger');
    const cross = await get(`/api/workspaces/${owner.workspaceId}/pages/${page}/versions`, stranger.token);
    const missing = await get(
      `/api/workspaces/${owner.workspaceId}/pages/${randomUUID()}/versions`,
      owner.token,
    );
    expect(cross.status).toBe(404);
    expect(missing.status).toBe(404);
    const body = async (r: Response) =>
      JSON.stringify({ ...((await r.json()) as { error: object }).error, request_id: '' });
    expect(await body(cross)).toBe(await body(missing));
    expect((await get(`/api/workspaces/${owner.workspaceId}/pages/${page}/versions`)).status).toBe(401);
    const bad = await get(`/api/workspaces/${owner.workspaceId}/pages/${page}/versions?limit=0`, owner.token);
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { details: Array<{ field: string }> } }).error.details[0]?.field,
    ).toBe('limit');
  });
});

const clientBlocks = async (client: SyncClient, page: string) =>
  client.rep.query(async (tx) => {
    const found: Array<{ id: string; position: string; data: unknown }> = [];
    for await (const value of tx.scan({ prefix: `block/${page}/` }).values()) {
      const block = blockViewSchema.parse(value);
      found.push({ id: block.id, position: block.position, data: block.data });
    }
    return found.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  });

describe('restorePageVersion', () => {
  it("shows the previewed version on the device at once (offline), and the server's restore lands on the same blocks and positions", async () => {
    const owner = await verifiedOwner('Kai');
    const client = h.client(owner.token);
    const page = await pagePublishedTwice(client, owner.workspaceId);
    const [, first] = pageVersionListSchema.parse(
      (
        (await (
          await get(`/api/workspaces/${owner.workspaceId}/pages/${page}/versions`, owner.token)
        ).json()) as { data: unknown }
      ).data,
    );
    const preview = restorePreviewSchema.parse(first?.snapshot);
    client.network.up = false;
    await client.rep.mutate.restorePageVersion({
      id: page,
      workspace_id: owner.workspaceId,
      version: first?.version ?? 0,
      preview,
    });
    const optimistic = await clientBlocks(client, page);
    expect(optimistic.map((b) => b.data)).toEqual([{ text: 'First edition' }]);
    expect(await liveBlocks(page)).toHaveLength(2); // the server has not heard of it yet
    client.network.up = true;
    await syncRound(client);
    const server = await eventually(
      () => liveBlocks(page),
      (rows) => rows.length === 1,
    );
    expect(server.map((b) => b.position)).toEqual(optimistic.map((b) => b.position));
    expect(await clientBlocks(client, page)).toEqual(optimistic);
  });

  it('restores from its own stored copy, whatever preview a client sends', async () => {
    const owner = await verifiedOwner('Lior');
    const client = h.client(owner.token);
    const page = await pagePublishedTwice(client, owner.workspaceId);
    const [, first] = pageVersionListSchema.parse(
      (
        (await (
          await get(`/api/workspaces/${owner.workspaceId}/pages/${page}/versions`, owner.token)
        ).json()) as { data: unknown }
      ).data,
    );
    const forged = {
      title: 'Forged',
      blocks: [{ id: 'forged-block', type: 'text' as const, data: { text: 'Not in any version' } }],
    };
    await client.rep.mutate.restorePageVersion({
      id: page,
      workspace_id: owner.workspaceId,
      version: first?.version ?? 0,
      preview: forged,
    });
    await syncRound(client);
    const server = await eventually(
      () => liveBlocks(page),
      (rows) => rows.length === 1,
    );
    expect(server.map((b) => b.data.text)).toEqual(['First edition']);
    expect(
      (await h.sql<{ title: string }>('SELECT title FROM bio_pages WHERE id = $1', [page]))[0]?.title,
    ).toBe('History');
    await eventually(
      () => clientBlocks(client, page),
      (blocks) =>
        blocks.length === 1 && JSON.stringify(blocks[0]?.data) === JSON.stringify({ text: 'First edition' }),
      client,
    );
  });

  it('brings version 1 back into the draft (blocks and theme), on positions the editor can add after', async () => {
    const owner = await verifiedOwner('Jules');
    const client = h.client(owner.token);
    const page = await pagePublishedTwice(client, owner.workspaceId);
    const [, first] = pageVersionListSchema.parse(
      (
        (await (
          await get(`/api/workspaces/${owner.workspaceId}/pages/${page}/versions`, owner.token)
        ).json()) as { data: unknown }
      ).data,
    );
    await client.rep.mutate.restorePageVersion({
      id: page,
      workspace_id: owner.workspaceId,
      version: first?.version ?? 0,
    });
    await syncRound(client);
    const blocks = await eventually(
      () => liveBlocks(page),
      (rows) => rows.length === 1,
    );
    expect(blocks.map((b) => b.data.text)).toEqual(['First edition']);
    const [row] = await h.sql<{ theme: { background?: string } }>(
      'SELECT theme FROM bio_pages WHERE id = $1',
      [page],
    );
    expect(row?.theme.background).toBe('#ffffff');
    // The restored block's position is a valid fractional key: adding after it works.
    const next = generateKeyBetween(blocks[0]?.position ?? null, null);
    await client.rep.mutate.addBlock({
      id: randomUUID(),
      page_id: page,
      workspace_id: owner.workspaceId,
      type: 'text',
      data: { text: 'After restore' },
      position: next,
    });
    await syncRound(client);
    expect(
      (
        await eventually(
          () => liveBlocks(page),
          (rows) => rows.length === 2,
        )
      ).map((b) => b.data.text),
    ).toEqual(['First edition', 'After restore']);
    expect(
      await h.sql(
        "SELECT 1 FROM audit_log_entries WHERE resource_id = $1 AND action = 'bio_page.version_restored'",
        [page],
      ),
    ).toHaveLength(1);
  });

  it('refuses a viewer: nothing changes and the refusal becomes a notice', async () => {
    const owner = await verifiedOwner('Kai');
    const page = await pagePublishedTwice(h.client(owner.token), owner.workspaceId);
    const viewer = await h.signUp('Viewer');
    await h.addMember(owner.workspaceId, viewer.userId, 'viewer');
    const listed = await get(`/api/workspaces/${owner.workspaceId}/pages/${page}/versions`, viewer.token);
    expect(listed.status).toBe(200);
    const [, first] = pageVersionListSchema.parse(((await listed.json()) as { data: unknown }).data);
    const client = h.client(viewer.token);
    await client.rep.mutate.restorePageVersion({
      id: page,
      workspace_id: owner.workspaceId,
      version: first?.version ?? 0,
    });
    await syncRound(client);
    const notices = await eventually(
      () =>
        h.sql<{ code: string }>(
          "SELECT code FROM sync_notices WHERE mutation_name = 'restorePageVersion' AND user_id = $1",
          [viewer.userId],
        ),
      (rows) => rows.length === 1,
    );
    expect(notices[0]?.code).toBe('insufficient_role');
    expect((await liveBlocks(page)).length).toBe(2);
  });
});
