import { randomUUID } from 'node:crypto';
import { generateKeyBetween } from 'fractional-indexing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageKey } from '@linkhub/shared/cache/keys';
import { startCommandKit, type CommandKit } from '../../testing/command-kit';

/** The bio page commands, driven by mutator name: drafts are private until published. */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

const keyOf = (handle: string) => pageKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.BIO_HOST, handle);
type PageState = { title: string; handle: string; draft_revision: number; published_revision: number | null };
async function state(id: string): Promise<PageState | undefined> {
  const [row] = await kit.sql<PageState>(
    'SELECT title, handle, draft_revision, published_revision FROM bio_pages WHERE id = $1',
    [id],
  );
  return row;
}
async function versions(id: string): Promise<Array<{ version: number; kind: string; title: string }>> {
  return kit.sql(
    "SELECT version, kind, snapshot->>'title' AS title FROM bio_page_versions WHERE page_id = $1 ORDER BY version",
    [id],
  );
}
async function createPage(handle: string, title = 'Maya'): Promise<string> {
  const id = randomUUID();
  expect(await kit.push('createPage', { id, workspace_id: ws, handle, title })).toBeNull();
  return id;
}

describe('createPage / updatePage', () => {
  it('a new page is an unpublished draft: nothing public', async () => {
    const id = await createPage('maya');
    expect(await state(id)).toEqual({
      title: 'Maya',
      handle: 'maya',
      draft_revision: 1,
      published_revision: null,
    });
    expect(await kit.deps.redis.exists(keyOf('maya'))).toBe(0);
    expect(
      await kit.sql(
        "SELECT 1 FROM audit_log_entries WHERE resource_id = $1 AND action = 'bio_page.created'",
        [id],
      ),
    ).toHaveLength(1);
  });

  it('a draft edit bumps the revision and keeps a draft snapshot; the public page is untouched', async () => {
    const id = await createPage('drafty', 'First');
    expect(await kit.push('publishPage', { id, workspace_id: ws })).toBeNull();
    const published = await kit.deps.redis.get(keyOf('drafty'));
    expect(await kit.push('updatePage', { id, workspace_id: ws, title: 'Second' })).toBeNull();
    expect(await state(id)).toMatchObject({ title: 'Second', draft_revision: 2, published_revision: 1 });
    expect(await versions(id)).toEqual([
      { version: 1, kind: 'published', title: 'First' },
      { version: 2, kind: 'draft', title: 'Second' },
    ]);
    expect(await kit.deps.redis.get(keyOf('drafty'))).toBe(published);
  });

  it('a taken handle is refused with handle_taken', async () => {
    await createPage('taken');
    expect(
      await kit.push('createPage', { id: randomUUID(), workspace_id: ws, handle: 'taken', title: 'x' }),
    ).toBe('handle_taken');
  });
});

describe('publishPage / unpublishPage', () => {
  it('publishing puts the draft with its visible blocks on the public key; publishing again adds nothing', async () => {
    const id = await createPage('shop', 'Shop');
    const block = (title: string, position: string) => ({
      id: randomUUID(),
      page_id: id,
      workspace_id: ws,
      type: 'link',
      data: { title, url: 'https://example.com/' + title },
      position,
    });
    const first = generateKeyBetween(null, null);
    const shown = block('shown', first);
    const hidden = block('hidden', generateKeyBetween(first, null));
    expect(await kit.push('addBlock', shown)).toBeNull();
    expect(await kit.push('addBlock', hidden)).toBeNull();
    expect(
      await kit.push('updateBlock', { id: hidden.id, page_id: id, workspace_id: ws, is_visible: false }),
    ).toBeNull();
    expect(await kit.push('publishPage', { id, workspace_id: ws })).toBeNull();
    const payload = (await kit.deps.redis.get(keyOf('shop'))) ?? '';
    expect(payload).toContain('https://example.com/shown');
    expect(payload).not.toContain('https://example.com/hidden');
    const before = (await versions(id)).length;
    expect(await kit.push('publishPage', { id, workspace_id: ws })).toBeNull();
    expect(await versions(id)).toHaveLength(before);
  });

  it('unpublishing takes the page off its address', async () => {
    const id = await createPage('gone');
    await kit.push('publishPage', { id, workspace_id: ws });
    expect(await kit.deps.redis.exists(keyOf('gone'))).toBe(1);
    expect(await kit.push('unpublishPage', { id, workspace_id: ws })).toBeNull();
    expect(await kit.deps.redis.exists(keyOf('gone'))).toBe(0);
    expect((await state(id))?.published_revision).toBeNull();
  });

  it('renaming a published page moves it: the old handle stops serving, the new one serves', async () => {
    const id = await createPage('before-name');
    await kit.push('publishPage', { id, workspace_id: ws });
    expect(await kit.push('updatePage', { id, workspace_id: ws, handle: 'after-name' })).toBeNull();
    expect(await kit.deps.redis.exists(keyOf('before-name'))).toBe(0);
    expect(await kit.deps.redis.exists(keyOf('after-name'))).toBe(1);
  });
});

describe('restorePageVersion', () => {
  it('brings back a version’s title and blocks as a new draft revision', async () => {
    const id = await createPage('history', 'Original');
    const blockId = randomUUID();
    await kit.push('addBlock', {
      id: blockId,
      page_id: id,
      workspace_id: ws,
      type: 'header',
      data: { text: 'Hello' },
      position: generateKeyBetween(null, null),
    });
    await kit.push('publishPage', { id, workspace_id: ws });
    const published = (await versions(id)).find((v) => v.kind === 'published');
    await kit.push('updatePage', { id, workspace_id: ws, title: 'Changed' });
    await kit.push('removeBlock', { id: blockId, page_id: id, workspace_id: ws });
    expect(
      await kit.push('restorePageVersion', { id, workspace_id: ws, version: published?.version }),
    ).toBeNull();
    expect((await state(id))?.title).toBe('Original');
    const blocks = await kit.sql<{ id: string; text: string }>(
      "SELECT id, data->>'text' AS text FROM bio_blocks WHERE page_id = $1 AND deleted_at IS NULL",
      [id],
    );
    expect(blocks).toEqual([{ id: blockId, text: 'Hello' }]);
  });

  it('a version that does not exist is not found, naming the version', async () => {
    const id = await createPage('no-such-version');
    expect(await kit.push('restorePageVersion', { id, workspace_id: ws, version: 99 })).toBe('not_found');
    expect((await kit.notices()).at(-1)?.details).toEqual([
      expect.objectContaining({ field: 'version', issue: 'not_found' }),
    ]);
  });
});
