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

describe('Replicache push/pull with real clients', () => {
  it('an edit on one device reaches the other devices of both users', async () => {
    const owner = await h.signUp('Olivia');
    const editor = await h.signUp('Eddie');
    await h.addMember(owner.workspaceId, editor.userId, 'editor');
    const [o1, o2, e1, e2] = [
      h.client(owner.token),
      h.client(owner.token),
      h.client(editor.token),
      h.client(editor.token),
    ];
    const id = randomUUID();
    await o1.rep.mutate.createLink({
      id,
      workspace_id: owner.workspaceId,
      destination_url: 'https://example.com/spring',
      slug: 'spring-sale',
      title: 'Spring sale',
    });
    await syncRound(o1);
    for (const device of [o2, e1, e2]) {
      await syncRound(device);
      const link = await eventually(
        () => valueOf(device, syncKeys.link(id)),
        (v) => v !== undefined,
        device,
      );
      expect(link).toMatchObject({
        slug: 'spring-sale',
        destination_url: 'https://example.com/spring',
        host: 'lnk.localhost',
      });
    }
    await e1.rep.mutate.updateLink({
      id,
      workspace_id: owner.workspaceId,
      destination_url: 'https://example.com/summer',
    });
    await syncRound(e1);
    await syncRound(o2);
    await eventually(
      () => valueOf(o2, syncKeys.link(id)),
      (v) =>
        (v as { destination_url?: string } | undefined)?.destination_url === 'https://example.com/summer',
      o2,
    );
  });

  it("a viewer's offline edit is refused: the notice names it and the optimistic value is rolled back", async () => {
    const owner = await h.signUp('Ana');
    const viewer = await h.signUp('Victor');
    await h.addMember(owner.workspaceId, viewer.userId, 'viewer');
    const o = h.client(owner.token);
    const id = randomUUID();
    await o.rep.mutate.createLink({
      id,
      workspace_id: owner.workspaceId,
      destination_url: 'https://example.com/a',
      slug: 'viewer-test',
      title: 'Spring sale',
    });
    await syncRound(o);
    const v = h.client(viewer.token);
    await syncRound(v);
    await eventually(
      () => valueOf(v, syncKeys.link(id)),
      (x) => x !== undefined,
      v,
    );

    v.network.up = false;
    await v.rep.mutate.updateLink({
      id,
      workspace_id: owner.workspaceId,
      destination_url: 'https://example.com/hijack',
    });
    expect(await valueOf(v, syncKeys.link(id))).toMatchObject({
      destination_url: 'https://example.com/hijack',
    });
    v.network.up = true;
    await syncRound(v);
    await syncRound(v);

    const link = await eventually(
      () => valueOf(v, syncKeys.link(id)),
      (x) => (x as { destination_url?: string }).destination_url === 'https://example.com/a',
      v,
    );
    expect(link).toMatchObject({ destination_url: 'https://example.com/a' });
    const notices = await eventually(
      () => v.rep.query(async (tx) => tx.scan({ prefix: 'notice/' }).values().toArray()),
      (list) => list.length === 1,
      v,
    );
    expect(notices[0]).toMatchObject({
      code: 'insufficient_role',
      mutation_name: 'updateLink',
      resource_title: 'Spring sale',
    });
    expect((notices[0] as { message: string }).message).toBe(
      'Your change to “Spring sale” was not saved: your role is Viewer.',
    );
    const [row] = await h.sql<{ destination_url: string }>(
      'SELECT destination_url FROM links WHERE id = $1',
      [id],
    );
    expect(row?.destination_url).toBe('https://example.com/a');
  });

  it('a revoked grant removes the resource from the scoped member, and a removed member loses every row', async () => {
    const owner = await h.signUp('Priya');
    const scoped = await h.signUp('Sam');
    await h.sql("UPDATE workspaces SET current_plan_key = 'business' WHERE id = $1", [owner.workspaceId]);
    const memberId = await h.addMember(owner.workspaceId, scoped.userId, 'editor');
    const o = h.client(owner.token);
    const [l1, l2, l3] = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of [l1, l2, l3].entries()) {
      await o.rep.mutate.createLink({
        id,
        workspace_id: owner.workspaceId,
        destination_url: `https://example.com/${i}`,
        slug: `grant-${i}`,
      });
    }
    await syncRound(o);
    for (const id of [l1, l2]) {
      await h.sql(
        "INSERT INTO resource_grants (workspace_id, member_id, resource_type, resource_id) VALUES ($1, $2, 'link', $3)",
        [owner.workspaceId, memberId, id],
      );
    }
    const s = h.client(scoped.token);
    await syncRound(s);
    await eventually(
      () => keysOf(s, 'link/'),
      (keys) => keys.length === 2,
      s,
    );
    expect(await keysOf(s, 'link/')).toEqual([syncKeys.link(l1), syncKeys.link(l2)].sort());

    await h.sql('DELETE FROM resource_grants WHERE member_id = $1 AND resource_id = $2', [memberId, l2]);
    await syncRound(s);
    expect(
      await eventually(
        () => keysOf(s, 'link/'),
        (keys) => keys.length === 1,
        s,
      ),
    ).toEqual([syncKeys.link(l1)]);

    await h.sql('UPDATE workspace_members SET deleted_at = now() WHERE id = $1', [memberId]);
    await syncRound(s);
    await eventually(
      () => keysOf(s, 'link/'),
      (keys) => keys.length === 0,
      s,
    );
    expect(await keysOf(s, 'workspace/')).toEqual([syncKeys.workspace(scoped.workspaceId)]);
    expect(await keysOf(s, `member/${owner.workspaceId}/`)).toEqual([]);
  });
  it("revoking a scoped member's last grant only ever deletes from their device (D-510)", async () => {
    const owner = await h.signUp('Nadia');
    const scoped = await h.signUp('Theo');
    await h.sql("UPDATE workspaces SET current_plan_key = 'business' WHERE id = $1", [owner.workspaceId]);
    const memberId = await h.addMember(owner.workspaceId, scoped.userId, 'editor');
    const o = h.client(owner.token);
    const [l1, l2, l3] = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of [l1, l2, l3].entries()) {
      await o.rep.mutate.createLink({
        id,
        workspace_id: owner.workspaceId,
        destination_url: `https://example.com/${i}`,
        slug: `last-${i}`,
      });
    }
    await syncRound(o);
    const grantIds: string[] = [];
    for (const id of [l1, l2]) {
      const [g] = await h.sql<{ id: string }>(
        "INSERT INTO resource_grants (workspace_id, member_id, resource_type, resource_id) VALUES ($1, $2, 'link', $3) RETURNING id",
        [owner.workspaceId, memberId, id],
      );
      grantIds.push(g?.id ?? '');
    }
    await h.sql('UPDATE workspace_members SET is_scoped = true WHERE id = $1', [memberId]);
    const s = h.client(scoped.token);
    await syncRound(s);
    await eventually(
      () => keysOf(s, 'link/'),
      (keys) => keys.length === 2,
      s,
    );
    const adds: string[] = [];
    const dels: string[] = [];
    s.rep.experimentalWatch(
      (diff) => {
        for (const op of diff) (op.op === 'del' ? dels : adds).push(op.key);
      },
      { prefix: 'link/' },
    );
    const revoke = (grantId: string, query = '') =>
      h.app.request(`/api/workspaces/${owner.workspaceId}/grants/${grantId}${query}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${owner.token}` },
      });

    expect((await revoke(grantIds[1] ?? '')).status).toBe(200);
    expect(
      await eventually(
        () => keysOf(s, 'link/'),
        (keys) => keys.length === 1,
        s,
      ),
    ).toEqual([syncKeys.link(l1)]);

    // The last grant: refused without an explicit choice; two more pulls bring nothing new.
    expect((await revoke(grantIds[0] ?? '')).status).toBe(409);
    await syncRound(s);
    await syncRound(s);
    expect(await keysOf(s, 'link/')).toEqual([syncKeys.link(l1)]);

    expect((await revoke(grantIds[0] ?? '', '?then=remove_member')).status).toBe(200);
    await eventually(
      () => keysOf(s, 'link/'),
      (keys) => keys.length === 0,
      s,
    );
    expect(dels.sort()).toEqual([syncKeys.link(l1), syncKeys.link(l2)].sort());
    expect(adds).toEqual([]);
  });
});
