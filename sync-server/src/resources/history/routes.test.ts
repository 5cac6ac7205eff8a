import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyPageSchema } from '@linkhub/shared/schemas/history';
import { createSyncHarness, type SyncHarness } from '../../testing/sync-harness';
import { pushAs } from '../../testing/push';

/** `GET /api/workspaces/{ws}/history`: a resource's changes for whoever may read the resource, and no one else. */
let h: SyncHarness;
type Person = { token: string; userId: string; workspaceId: string };
let owner: Person;
let ws: string;

beforeAll(async () => {
  h = await createSyncHarness();
  owner = await h.signUp('Olga');
  ws = owner.workspaceId;
  await h.sql("UPDATE workspaces SET current_plan_key = 'business' WHERE id = $1", [ws]);
});
afterAll(async () => h.close());

const get = (path: string, token?: string) =>
  Promise.resolve(h.app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
const historyOf = (type: string, id: string, token: string, extra = '') =>
  get(`/api/workspaces/${ws}/history?resource_type=${type}&resource_id=${id}${extra}`, token);
const errorBody = async (r: Response) =>
  JSON.stringify({ ...((await r.json()) as { error: object }).error, request_id: '' });

async function verified(name: string): Promise<Person> {
  const p = await h.signUp(name);
  await h.sql('UPDATE users SET email_verified_at = now(), name = $2 WHERE id = $1', [p.userId, name]);
  return p;
}

async function linkTitled(title: string): Promise<string> {
  const id = randomUUID();
  expect(
    await pushAs(h, owner, 'createLink', {
      id,
      workspace_id: ws,
      destination_url: 'https://example.com/x',
      title,
    }),
  ).toBeNull();
  return id;
}

describe('GET /api/workspaces/{ws}/history', () => {
  it('lists changes newest first with each field before and after, the actor by name and the device', async () => {
    await h.sql("UPDATE users SET email_verified_at = now(), name = 'Olga' WHERE id = $1", [owner.userId]);
    const link = await linkTitled('First');
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    expect(
      await pushAs(h, owner, 'updateLink', { id: link, workspace_id: ws, title: 'Second' }, safari),
    ).toBeNull();
    expect(await pushAs(h, owner, 'updateLink', { id: link, workspace_id: ws, tags: ['spring'] })).toBeNull();
    const res = await historyOf('link', link, owner.token);
    expect(res.status).toBe(200);
    const { data } = historyPageSchema.parse(await res.json());
    expect(data.map((e) => e.action)).toEqual(['link.updated', 'link.updated', 'link.created']);
    expect(data[0]?.fields).toEqual([{ field: 'tags', before: [], after: ['spring'] }]);
    expect(data[1]?.fields).toEqual([{ field: 'title', before: 'First', after: 'Second' }]);
    expect(data[1]?.device).toBe('Safari on iOS');
    expect(data[1]?.actor).toEqual({ type: 'user', name: 'Olga' });
    const page = historyPageSchema.parse(
      await (await historyOf('link', link, owner.token, '&limit=1')).json(),
    );
    expect(page.data).toHaveLength(1);
    const next = await historyOf('link', link, owner.token, `&limit=2&cursor=${page.meta.next_cursor ?? ''}`);
    expect(
      historyPageSchema.parse(await next.json()).data.map((e) => e.fields[0]?.field ?? e.action),
    ).toEqual(['title', 'host']);
  });

  it('shows a page its publishes among its edits, block changes included', async () => {
    const page = randomUUID();
    const ref = { id: page, workspace_id: ws };
    expect(
      await pushAs(h, owner, 'createPage', { ...ref, handle: `h-${page.slice(0, 6)}`, title: 'Bio' }),
    ).toBeNull();
    expect(await pushAs(h, owner, 'publishPage', ref)).toBeNull();
    expect(await pushAs(h, owner, 'updatePage', { ...ref, bio: 'Hello there' })).toBeNull();
    const { data } = historyPageSchema.parse(await (await historyOf('bio_page', page, owner.token)).json());
    expect(data.map((e) => e.kind)).toEqual(['change', 'publish', 'change']);
    expect(data[0]?.fields).toEqual([{ field: 'bio', before: '', after: 'Hello there' }]);
  });

  it('brings a removed block back where it was with its content, as a change of its own; a viewer is refused (D-560)', async () => {
    const page = randomUUID();
    const ref = { id: page, workspace_id: ws };
    expect(
      await pushAs(h, owner, 'createPage', { ...ref, handle: `r-${page.slice(0, 6)}`, title: 'Blocks' }),
    ).toBeNull();
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    for (const [id, position, title] of [
      [first, 'a0', 'Alpha'],
      [second, 'a1', 'Bravo'],
      [third, 'a2', 'Charlie'],
    ] as const)
      expect(
        await pushAs(h, owner, 'addBlock', {
          id,
          page_id: page,
          workspace_id: ws,
          position,
          type: 'link',
          data: { title, url: `https://example.com/${title}` },
        }),
      ).toBeNull();
    const blockRef = { id: second, page_id: page, workspace_id: ws };
    const shown = async () =>
      (
        await h.sql<{ title: string }>(
          `SELECT data->>'title' AS title FROM bio_blocks WHERE page_id = $1 AND deleted_at IS NULL ORDER BY position COLLATE "C"`,
          [page],
        )
      ).map((b) => b.title);
    expect(await pushAs(h, owner, 'removeBlock', blockRef)).toBeNull();
    expect(await shown()).toEqual(['Alpha', 'Charlie']);

    const viewer = await verified('Vik');
    await h.addMember(ws, viewer.userId, 'viewer');
    expect(await pushAs(h, viewer, 'restoreBlock', blockRef)).toBe('insufficient_role');
    expect(await shown()).toEqual(['Alpha', 'Charlie']);

    expect(await pushAs(h, owner, 'restoreBlock', blockRef)).toBeNull();
    expect(await shown()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const { data } = historyPageSchema.parse(await (await historyOf('bio_page', page, owner.token)).json());
    expect(data[0]).toMatchObject({ action: 'bio_block.restored', block_id: second });
    expect(data[0]?.fields.map((f) => [f.field, f.after])).toEqual([['deleted_at', null]]);
    expect(data[1]).toMatchObject({ action: 'bio_block.removed', block_id: second });
    // Restoring a block that is back changes nothing and records nothing.
    expect(await pushAs(h, owner, 'restoreBlock', blockRef)).toBeNull();
    const again = historyPageSchema.parse(await (await historyOf('bio_page', page, owner.token)).json());
    expect(again.data[0]?.id).toBe(data[0]?.id);
  });

  it('lets a viewer read; a scoped member gets the same 404 for an ungranted resource as for a missing one', async () => {
    const granted = await linkTitled('Granted');
    const ungranted = await linkTitled('Not yours');
    const viewer = await verified('Vera');
    await h.addMember(ws, viewer.userId, 'viewer');
    expect((await historyOf('link', ungranted, viewer.token)).status).toBe(200);

    const scoped = await verified('Sami');
    const memberId = await h.addMember(ws, scoped.userId, 'editor');
    await h.sql(
      "INSERT INTO resource_grants (workspace_id, member_id, resource_type, resource_id) VALUES ($1, $2, 'link', $3)",
      [ws, memberId, granted],
    );
    expect((await historyOf('link', granted, scoped.token)).status).toBe(200);
    const hidden = await historyOf('link', ungranted, scoped.token);
    const missing = await historyOf('link', randomUUID(), scoped.token);
    expect(hidden.status).toBe(404);
    expect(await errorBody(hidden)).toBe(await errorBody(missing));
  });

  it("answers another workspace's resource byte for byte like a missing one, signed out 401, a bad type 400", async () => {
    const link = await linkTitled('Private');
    const stranger = await verified('Stan');
    const cross = await historyOf('link', link, stranger.token);
    const missing = await historyOf('link', randomUUID(), stranger.token);
    expect(cross.status).toBe(404);
    expect(await errorBody(cross)).toBe(await errorBody(missing));
    expect((await get(`/api/workspaces/${ws}/history?resource_type=link&resource_id=${link}`)).status).toBe(
      401,
    );
    const bad = await historyOf('webhook', link, owner.token);
    expect(bad.status).toBe(400);
  });

  it('does not show an entry past its retention, and the purge removes it', async () => {
    const link = await linkTitled('Kept');
    await h.sql(
      `INSERT INTO audit_log_entries (workspace_id, actor_type, actor_user_id, action, resource_type, resource_id, changes, occurred_at, retention_expires_at)
       VALUES ($1, 'user', $2, 'link.updated', 'link', $3, '{"before":{"title":"Ancient"},"after":{"title":"Kept"}}',
               now() - interval '800 days', now() - interval '70 days')`,
      [ws, owner.userId, link],
    );
    const { data } = historyPageSchema.parse(await (await historyOf('link', link, owner.token)).json());
    expect(JSON.stringify(data)).not.toContain('Ancient');
    await h.sql('SELECT purge_expired_audit_log_entries()');
    expect(await h.sql("SELECT 1 FROM audit_log_entries WHERE changes::text LIKE '%Ancient%'")).toEqual([]);
    expect(await h.sql('SELECT 1 FROM audit_log_entries WHERE resource_id = $1', [link])).toHaveLength(1);
  });
});
