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

/**
 * Per-field conflicts on push (D-500): an edit made from an older base never overwrites a newer
 * value in silence. The newer value stays, the author gets a notice with both texts, the other
 * fields of the same edit still apply, and an edit without a base keeps last-write-wins.
 */
type Notice = { code: string; details: Array<{ field: string; mine: unknown; theirs: unknown }> };

let h: SyncHarness;
let owner: { token: string; userId: string; workspaceId: string };
let colleague: { token: string; userId: string };
let mine: SyncClient;
let theirs: SyncClient;

beforeAll(async () => {
  h = await createSyncHarness();
  owner = await h.signUp('Owner');
  const other = await h.signUp('Colleague');
  colleague = other;
  await h.addMember(owner.workspaceId, other.userId, 'editor');
  await h.sql("UPDATE workspaces SET current_plan_key = 'business' WHERE id = $1", [owner.workspaceId]);
  await h.sql('UPDATE users SET email_verified_at = now()');
  mine = h.client(owner.token);
  theirs = h.client(colleague.token);
  await syncRound(mine);
  await syncRound(theirs);
});
afterAll(async () => h.close());

async function newPage(): Promise<{ page: string; block: string }> {
  const page = randomUUID();
  const block = randomUUID();
  const ws = owner.workspaceId;
  await mine.rep.mutate.createPage({
    id: page,
    workspace_id: ws,
    handle: `p${page.slice(0, 8)}`,
    title: 'Start',
  });
  await mine.rep.mutate.addBlock({
    id: block,
    page_id: page,
    workspace_id: ws,
    type: 'header',
    data: { text: 'Start heading' },
    position: 'a0',
  });
  await syncRound(mine);
  await eventually(
    () => theirs.rep.query((tx) => tx.get(syncKeys.block(page, block))),
    (v) => v !== undefined,
    theirs,
  );
  return { page, block };
}

const noticesFor = (userId: string, resourceId: string) =>
  h.sql<Notice>(
    'SELECT code, details FROM sync_notices WHERE user_id = $1 AND resource_id = $2 ORDER BY created_at',
    [userId, resourceId],
  );
const pageRow = (id: string) =>
  h.sql<{ title: string; bio: string }>('SELECT title, bio FROM bio_pages WHERE id = $1', [id]);
const blockText = async (id: string) =>
  (await h.sql<{ data: { text: string } }>('SELECT data FROM bio_blocks WHERE id = $1', [id]))[0]?.data.text;

describe('an offline edit from an older base', () => {
  it('keeps the colleague’s newer title and heading, tells the author with both texts, on the server and on the device', async () => {
    const { page, block } = await newPage();
    const ws = owner.workspaceId;
    mine.network.up = false;
    await mine.rep.mutate.updatePage({
      id: page,
      workspace_id: ws,
      title: 'Owner title',
      base: { title: 'Start' },
    });
    await mine.rep.mutate.updateBlock({
      id: block,
      page_id: page,
      workspace_id: ws,
      data: { text: 'Owner heading' },
      base: { data: { text: 'Start heading' } },
    });
    await theirs.rep.mutate.updatePage({
      id: page,
      workspace_id: ws,
      title: 'Their title',
      base: { title: 'Start' },
    });
    await theirs.rep.mutate.updateBlock({
      id: block,
      page_id: page,
      workspace_id: ws,
      data: { text: 'Their heading' },
      base: { data: { text: 'Start heading' } },
    });
    await syncRound(theirs);
    expect(await pageRow(page)).toEqual([expect.objectContaining({ title: 'Their title' })]);

    mine.network.up = true;
    await syncRound(mine);
    expect(await pageRow(page)).toEqual([expect.objectContaining({ title: 'Their title' })]);
    expect(await blockText(block)).toBe('Their heading');
    const notices = await noticesFor(owner.userId, page);
    expect(notices.map((n) => n.code)).toEqual(['edit_conflict', 'edit_conflict']);
    expect(notices.flatMap((n) => n.details)).toEqual([
      expect.objectContaining({ field: 'title', mine: 'Owner title', theirs: 'Their title' }),
      expect.objectContaining({ field: 'data.text', mine: 'Owner heading', theirs: 'Their heading' }),
    ]);
    expect(await noticesFor(colleague.userId, page)).toEqual([]);
    // The device shows the newer text and the notice after its pull.
    await eventually(
      () => mine.rep.query((tx) => tx.get(syncKeys.page(page))),
      (v) => (v as { title?: string } | undefined)?.title === 'Their title',
      mine,
    );
    const onDevice = await eventually(
      () => mine.rep.query((tx) => tx.scan({ prefix: 'notice/' }).values().toArray()),
      (v) => v.filter((n) => (n as { resource_id?: string }).resource_id === page).length === 2,
      mine,
    );
    expect(onDevice.length).toBeGreaterThanOrEqual(2);
    expect(
      await h.sql(
        "SELECT 1 FROM audit_log_entries WHERE resource_id = $1 AND action = 'bio_page.edit_conflict'",
        [page],
      ),
    ).toHaveLength(2);
  });

  it('applies the fields whose base still holds, keeps the newer one, and names only that one', async () => {
    const { page } = await newPage();
    const ws = owner.workspaceId;
    mine.network.up = false;
    await mine.rep.mutate.updatePage({
      id: page,
      workspace_id: ws,
      title: 'Owner title',
      bio: 'Owner bio',
      base: { title: 'Start', bio: '' },
    });
    await theirs.rep.mutate.updatePage({
      id: page,
      workspace_id: ws,
      title: 'Their title',
      base: { title: 'Start' },
    });
    await syncRound(theirs);
    mine.network.up = true;
    await syncRound(mine);
    expect(await pageRow(page)).toEqual([{ title: 'Their title', bio: 'Owner bio' }]);
    const notices = await noticesFor(owner.userId, page);
    expect(notices.flatMap((n) => n.details.map((d) => d.field))).toEqual(['title']);
  });

  it('different fields of one item merge with no notice', async () => {
    const { page } = await newPage();
    const ws = owner.workspaceId;
    mine.network.up = false;
    await mine.rep.mutate.updatePage({ id: page, workspace_id: ws, bio: 'Owner bio', base: { bio: '' } });
    await theirs.rep.mutate.updatePage({
      id: page,
      workspace_id: ws,
      title: 'Their title',
      base: { title: 'Start' },
    });
    await syncRound(theirs);
    mine.network.up = true;
    await syncRound(mine);
    expect(await pageRow(page)).toEqual([{ title: 'Their title', bio: 'Owner bio' }]);
    expect(await noticesFor(owner.userId, page)).toEqual([]);
  });

  it('an edit whose base equals the stored value applies, and so does one equal to the stored value', async () => {
    const { page } = await newPage();
    const ws = owner.workspaceId;
    await mine.rep.mutate.updatePage({
      id: page,
      workspace_id: ws,
      title: 'Second',
      base: { title: 'Start' },
    });
    await syncRound(mine);
    expect(await pageRow(page)).toEqual([expect.objectContaining({ title: 'Second' })]);
    // The same text typed on two devices is no conflict.
    await theirs.rep.mutate.updatePage({
      id: page,
      workspace_id: ws,
      title: 'Second',
      base: { title: 'Start' },
    });
    await syncRound(theirs);
    expect(await noticesFor(colleague.userId, page)).toEqual([]);
  });

  it('without a base the later push wins, as before (REST clients, older devices)', async () => {
    const { page } = await newPage();
    const ws = owner.workspaceId;
    mine.network.up = false;
    await mine.rep.mutate.updatePage({ id: page, workspace_id: ws, title: 'Owner title' });
    await theirs.rep.mutate.updatePage({ id: page, workspace_id: ws, title: 'Their title' });
    await syncRound(theirs);
    mine.network.up = true;
    await syncRound(mine);
    expect(await pageRow(page)).toEqual([expect.objectContaining({ title: 'Owner title' })]);
    expect(await noticesFor(owner.userId, page)).toEqual([]);
  });

  it('a link and a QR code keep the newer destination the same way', async () => {
    const ws = owner.workspaceId;
    const link = randomUUID();
    const qr = randomUUID();
    await mine.rep.mutate.createLink({
      id: link,
      workspace_id: ws,
      destination_url: 'https://example.com/a',
      slug: `l${link.slice(0, 6)}`,
    });
    await mine.rep.mutate.createQrCode({
      id: qr,
      workspace_id: ws,
      destination_url: 'https://example.com/a',
      slug: `q${qr.slice(0, 6)}`,
    });
    await syncRound(mine);
    await h.sql("UPDATE links SET destination_url = 'https://example.com/b' WHERE id = $1", [link]);
    await h.sql("UPDATE qr_codes SET destination_url = 'https://example.com/b' WHERE id = $1", [qr]);
    await mine.rep.mutate.updateLink({
      id: link,
      workspace_id: ws,
      destination_url: 'https://example.com/mine',
      tags: ['kept'],
      base: { destination_url: 'https://example.com/a', tags: [] },
    });
    await mine.rep.mutate.updateQrCode({
      id: qr,
      workspace_id: ws,
      destination_url: 'https://example.com/mine',
      base: { destination_url: 'https://example.com/a' },
    });
    await syncRound(mine);
    expect(await h.sql('SELECT destination_url, tags FROM links WHERE id = $1', [link])).toEqual([
      { destination_url: 'https://example.com/b', tags: ['kept'] },
    ]);
    expect(await h.sql('SELECT destination_url FROM qr_codes WHERE id = $1', [qr])).toEqual([
      { destination_url: 'https://example.com/b' },
    ]);
    expect((await noticesFor(owner.userId, link)).flatMap((n) => n.details)).toEqual([
      expect.objectContaining({
        field: 'destination_url',
        mine: 'https://example.com/mine',
        theirs: 'https://example.com/b',
      }),
    ]);
    expect(await noticesFor(owner.userId, qr)).toHaveLength(1);
  });

  it('replaying a push whose edit met a conflict changes nothing and adds no second notice', async () => {
    const { page } = await newPage();
    await h.sql("UPDATE bio_pages SET title = 'Newer' WHERE id = $1", [page]);
    const body = {
      pushVersion: 1,
      clientGroupID: `cg-${randomUUID()}`,
      profileID: 'p',
      schemaVersion: '',
      mutations: [
        {
          clientID: `c-${randomUUID()}`,
          id: 1,
          name: 'updatePage',
          args: { id: page, workspace_id: owner.workspaceId, title: 'Old base', base: { title: 'Start' } },
          timestamp: 1,
        },
      ],
    };
    for (let i = 0; i < 2; i += 1) {
      const response = await h.app.request('/replicache/push', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
    }
    expect(await pageRow(page)).toEqual([expect.objectContaining({ title: 'Newer' })]);
    expect(await noticesFor(owner.userId, page)).toHaveLength(1);
  });

  it('a base naming a field the mutator cannot change is refused', async () => {
    const { page } = await newPage();
    const refused = mine.rep.mutate.updatePage({
      id: page,
      workspace_id: owner.workspaceId,
      title: 'x',
      base: { published_at: null } as never,
    });
    await expect(refused).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
