import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { syncKeys } from '@linkhub/shared/sync/keys';
import {
  createSyncHarness,
  eventually,
  syncRound,
  type SyncClient,
  type SyncHarness,
} from '../testing/sync-harness';

let h: SyncHarness;
beforeAll(async () => {
  h = await createSyncHarness();
});
afterAll(async () => h.close());

const keysOf = (c: SyncClient, prefix: string) =>
  c.rep.query(async (tx) => (await tx.scan({ prefix }).keys().toArray()).sort());
const valueOf = (c: SyncClient, key: string) => c.rep.query((tx) => tx.get(key));

describe('folders through Replicache (D-620, D-622)', () => {
  it('a folder granted to a scoped editor brings its links to their device, moves in and out add and delete, deleting it never widens', async () => {
    const owner = await h.signUp('Farah');
    const scoped = await h.signUp('Gus');
    await h.sql("UPDATE workspaces SET current_plan_key = 'business' WHERE id = $1", [owner.workspaceId]);
    const memberId = await h.addMember(owner.workspaceId, scoped.userId, 'editor');
    const o = h.client(owner.token);
    const ws = owner.workspaceId;
    const folder = randomUUID();
    const [inside, outside] = [randomUUID(), randomUUID()];
    await o.rep.mutate.createFolder({ id: folder, workspace_id: ws, name: 'Spring' });
    await o.rep.mutate.createLink({
      id: inside,
      workspace_id: ws,
      destination_url: 'https://example.com/in',
      slug: 'folder-in',
      folder_id: folder,
      note: 'Ask Dana before changing',
    });
    await o.rep.mutate.createLink({
      id: outside,
      workspace_id: ws,
      destination_url: 'https://example.com/out',
      slug: 'folder-out',
    });
    await syncRound(o);
    expect(
      await eventually(
        () => h.sql('SELECT folder_id, note FROM links WHERE workspace_id = $1 ORDER BY slug', [ws]),
        (found) => found.length === 2,
        o,
      ),
    ).toEqual([
      { folder_id: folder, note: 'Ask Dana before changing' },
      { folder_id: null, note: null },
    ]);

    await h.sql(
      "INSERT INTO resource_grants (workspace_id, member_id, resource_type, resource_id) VALUES ($1, $2, 'folder', $3)",
      [ws, memberId, folder],
    );
    const s = h.client(scoped.token);
    await syncRound(s);
    expect(
      await eventually(
        () => keysOf(s, 'link/'),
        (keys) => keys.length === 1,
        s,
      ),
    ).toEqual([syncKeys.link(inside)]);
    expect(await keysOf(s, 'folder/')).toEqual([syncKeys.folder(folder)]);
    expect(await valueOf(s, syncKeys.link(inside))).toMatchObject({ folder_id: folder });

    // Moved in later: it arrives; moved out: it leaves.
    await o.rep.mutate.updateLink({ id: outside, workspace_id: ws, folder_id: folder });
    await syncRound(o);
    await syncRound(s);
    expect(
      await eventually(
        () => keysOf(s, 'link/'),
        (keys) => keys.length === 2,
        s,
      ),
    ).toEqual([syncKeys.link(inside), syncKeys.link(outside)].sort());
    await o.rep.mutate.updateLink({ id: inside, workspace_id: ws, folder_id: null });
    await syncRound(o);
    await syncRound(s);
    expect(
      await eventually(
        () => keysOf(s, 'link/'),
        (keys) => keys.length === 1,
        s,
      ),
    ).toEqual([syncKeys.link(outside)]);

    // The scoped editor edits what the folder holds (their grant's role), offline-first like any edit.
    await s.rep.mutate.updateLink({ id: outside, workspace_id: ws, title: 'Edited by Gus' });
    await syncRound(s);
    await eventually(
      () => h.sql<{ title: string | null }>('SELECT title FROM links WHERE id = $1', [outside]),
      (found) => found[0]?.title === 'Edited by Gus',
      s,
    );

    // Deleting the folder keeps its links (in no folder) and never widens the member: nothing is left to see.
    await o.rep.mutate.deleteFolder({ id: folder, workspace_id: ws });
    await syncRound(o);
    await eventually(
      () => h.sql('SELECT id FROM link_folders WHERE id = $1 AND deleted_at IS NOT NULL', [folder]),
      (found) => found.length === 1,
      o,
    );
    expect(await h.sql('SELECT count(*)::int AS n FROM links WHERE workspace_id = $1', [ws])).toEqual([
      { n: 2 },
    ]);
    expect(await h.sql('SELECT folder_id FROM links WHERE id = $1', [outside])).toEqual([
      { folder_id: null },
    ]);
    await syncRound(s);
    await eventually(
      () => keysOf(s, 'link/'),
      (keys) => keys.length === 0,
      s,
    );
    expect(await keysOf(s, 'folder/')).toEqual([]);
    await syncRound(s);
    expect(await keysOf(s, 'link/')).toEqual([]);
    expect(await keysOf(o, 'folder/')).toEqual([]);
    expect(h.serverErrors).toEqual([]);
  });
});
