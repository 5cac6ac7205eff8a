import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { generateKeyBetween } from 'fractional-indexing';
import { syncKeys } from '@linkhub/shared/sync/keys';
import { createSyncHarness, eventually, syncRound, type SyncHarness } from '../testing/sync-harness';

let h: SyncHarness;
beforeAll(async () => {
  h = await createSyncHarness();
});
afterAll(async () => h.close());

describe('offline edits are never lost', () => {
  it('1,000 mutations queued while the server is down are applied once, in order, across a client and a server restart', async () => {
    const owner = await h.signUp('Offline');
    await h.sql("UPDATE workspaces SET current_plan_key = 'business' WHERE id = $1", [owner.workspaceId]);
    const name = `rep-${randomUUID()}`;
    const first = h.client(owner.token, name);
    const id = randomUUID();
    await first.rep.mutate.createLink({
      id,
      workspace_id: owner.workspaceId,
      destination_url: 'https://example.com/0',
      slug: 'counter',
    });
    await syncRound(first);
    expect(await h.sql('SELECT 1 FROM links WHERE id = $1', [id])).toHaveLength(1);
    // Under load the pull that confirms the create can trail the push: count the queue from empty.
    await eventually(
      () => first.rep.experimentalPendingMutations(),
      (pending) => pending.length === 0,
      first,
    );

    await h.stopServer();
    for (let i = 1; i <= 1000; i += 1) {
      await first.rep.mutate.updateLink({
        id,
        workspace_id: owner.workspaceId,
        destination_url: `https://example.com/${i}`,
      });
    }
    expect(await first.rep.experimentalPendingMutations()).toHaveLength(1000);
    // Replicache persists its memory to IndexedDB about once a second; a closed app keeps what was persisted.
    await new Promise((r) => setTimeout(r, 2500));
    await first.rep.close();

    // The app restarts: a new Replicache instance on the same persistent store finds the queue.
    const second = h.client(owner.token, name);
    await eventually(
      () => second.rep.experimentalPendingMutations(),
      (pending) => pending.length === 1000,
    );
    h.startServer();
    await eventually(
      () => second.rep.experimentalPendingMutations(),
      (pending) => pending.length === 0,
      second,
      60_000,
    );

    const [row] = await h.sql<{ destination_url: string; current_version: number }>(
      'SELECT destination_url, current_version FROM links WHERE id = $1',
      [id],
    );
    expect(row?.destination_url).toBe('https://example.com/1000');
    // Applied once each, in order: one version snapshot per mutation, the last one last.
    const versions = await h.sql<{ n: string }>(
      'SELECT count(*) AS n FROM link_versions WHERE link_id = $1',
      [id],
    );
    expect(Number(versions[0]?.n)).toBe(1001);
    const [last] = await h.sql<{ url: string }>(
      "SELECT snapshot->>'destination_url' AS url FROM link_versions WHERE link_id = $1 ORDER BY version DESC LIMIT 1",
      [id],
    );
    expect(last?.url).toBe('https://example.com/1000');
  }, 300_000);

  it('replaying the same push body three times applies it once', async () => {
    const owner = await h.signUp('Replay');
    const id = randomUUID();
    const body = {
      pushVersion: 1,
      clientGroupID: `cg-${randomUUID()}`,
      profileID: 'p',
      schemaVersion: '',
      mutations: [
        {
          clientID: `c-${randomUUID()}`,
          id: 1,
          name: 'createLink',
          args: {
            id,
            workspace_id: owner.workspaceId,
            destination_url: 'https://example.com/once',
            slug: 'once',
          },
          timestamp: 1,
        },
      ],
    };
    for (let i = 0; i < 3; i += 1) {
      const response = await h.app.request('/replicache/push', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
    }
    expect(await h.sql('SELECT 1 FROM links WHERE id = $1', [id])).toHaveLength(1);
    expect(await h.sql('SELECT 1 FROM link_versions WHERE link_id = $1', [id])).toHaveLength(1);
    expect(
      await h.sql("SELECT 1 FROM audit_log_entries WHERE resource_id = $1 AND action = 'link.created'", [id]),
    ).toHaveLength(1);
  });
});

describe('concurrent offline edits', () => {
  it('edits to two different blocks of one page both survive; on one field the later push wins and the earlier value stays in the history', async () => {
    const owner = await h.signUp('Pages');
    const editor = await h.signUp('Second');
    await h.addMember(owner.workspaceId, editor.userId, 'editor');
    const a = h.client(owner.token);
    const b = h.client(editor.token);
    const page = randomUUID();
    const [b1, b2] = [randomUUID(), randomUUID()];
    const p1 = generateKeyBetween(null, null);
    await a.rep.mutate.createPage({
      id: page,
      workspace_id: owner.workspaceId,
      handle: `pages-${randomUUID().slice(0, 6)}`,
      title: 'Shop',
    });
    await a.rep.mutate.addBlock({
      id: b1,
      page_id: page,
      workspace_id: owner.workspaceId,
      type: 'header',
      data: { text: 'Hello' },
      position: p1,
    });
    await a.rep.mutate.addBlock({
      id: b2,
      page_id: page,
      workspace_id: owner.workspaceId,
      type: 'link',
      data: { title: 'Shop', url: 'https://example.com/shop' },
      position: generateKeyBetween(p1, null),
    });
    await syncRound(a);
    await eventually(
      () => b.rep.query((tx) => tx.get(syncKeys.block(page, b2))),
      (v) => v !== undefined,
      b,
    );

    a.network.up = false;
    b.network.up = false;
    await a.rep.mutate.updateBlock({
      id: b1,
      page_id: page,
      workspace_id: owner.workspaceId,
      data: { text: 'Welcome' },
    });
    await b.rep.mutate.updateBlock({
      id: b2,
      page_id: page,
      workspace_id: owner.workspaceId,
      data: { title: 'Our shop' },
    });
    await a.rep.mutate.updatePage({ id: page, workspace_id: owner.workspaceId, title: 'Title from A' });
    await b.rep.mutate.updatePage({ id: page, workspace_id: owner.workspaceId, title: 'Title from B' });
    a.network.up = true;
    await syncRound(a);
    b.network.up = true;
    await syncRound(b);
    await syncRound(a);

    const blocks = await h.sql<{ id: string; data: { text?: string; title?: string } }>(
      'SELECT id, data FROM bio_blocks WHERE page_id = $1 ORDER BY position',
      [page],
    );
    expect(blocks.map((x) => x.data.text ?? x.data.title)).toEqual(['Welcome', 'Our shop']);
    const [current] = await h.sql<{ title: string }>('SELECT title FROM bio_pages WHERE id = $1', [page]);
    expect(current?.title).toBe('Title from B');
    const history = await h.sql<{ title: string }>(
      "SELECT snapshot->>'title' AS title FROM bio_page_versions WHERE page_id = $1 ORDER BY version",
      [page],
    );
    expect(history.map((x) => x.title)).toContain('Title from A');
    await eventually(
      () => a.rep.query((tx) => tx.get(syncKeys.page(page))),
      (v) => (v as { title?: string }).title === 'Title from B',
      a,
    );
  });
});
