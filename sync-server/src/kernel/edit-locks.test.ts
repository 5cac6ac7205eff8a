import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEditable, lockableItems, reconcileEditLocks } from './edit-locks';
import { startCommandKit, type CommandKit } from '../testing/command-kit';

/** After a downgrade, what exceeds the caps is read-only — never deleted, archived or unpublished. */
let kit: CommandKit;
let ws: string;
const pages: string[] = [];

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
  for (const [i, title] of ['Oldest', 'Middle', 'Newest'].entries()) {
    const id = randomUUID();
    expect(
      await kit.push('createPage', { id, workspace_id: ws, handle: `lock-${id.slice(0, 8)}`, title }),
    ).toBeNull();
    await kit.sql(`UPDATE bio_pages SET updated_at = now() - make_interval(days => $2) WHERE id = $1`, [
      id,
      10 - i,
    ]);
    pages.push(id);
  }
});
afterAll(async () => kit.close());

const locked = async () =>
  (
    await kit.sql<{ id: string }>(
      'SELECT id FROM bio_pages WHERE workspace_id = $1 AND edit_locked_at IS NOT NULL',
      [ws],
    )
  )
    .map((r) => pages.indexOf(r.id))
    .sort();

describe('edit locks', () => {
  it('a downgrade to Free (1 page) locks all but the most recently edited page, deleting nothing', async () => {
    await kit.setPlan('free');
    await reconcileEditLocks(kit.deps.pool, ws, 'free', new Date());
    expect(await locked()).toEqual([0, 1]);
    expect(
      await kit.sql(
        'SELECT 1 FROM bio_pages WHERE workspace_id = $1 AND deleted_at IS NULL AND archived_at IS NULL',
        [ws],
      ),
    ).toHaveLength(3);
  });

  it('an edit-locked item refuses an update with resource_locked and keeps its title', async () => {
    expect(await kit.push('updatePage', { id: pages[0], workspace_id: ws, title: 'Edited' })).toBe(
      'resource_locked',
    );
    const [row] = await kit.sql<{ title: string }>('SELECT title FROM bio_pages WHERE id = $1', [pages[0]]);
    expect(row?.title).toBe('Oldest');
    expect(
      await kit.push('updatePage', { id: pages[2], workspace_id: ws, title: 'Newest, edited' }),
    ).toBeNull();
  });

  it('lists editable items first for the Owner’s choice, and the choice swaps which stays editable', async () => {
    // Editable first; the locked ones after it (locking stamps both with one time, so their order is the ids').
    const items = (await lockableItems(kit.deps.pool, ws, 'bio_page')).map((i) => [i.title, i.edit_locked]);
    expect(items[0]).toEqual(['Newest, edited', false]);
    expect(items.slice(1).sort()).toEqual([
      ['Middle', true],
      ['Oldest', true],
    ]);
    await chooseEditable(kit.deps.pool, ws, 'free', 'bio_page', [pages[0] ?? ''], new Date());
    expect(await locked()).toEqual([1, 2]);
  });

  it('reconciling again keeps the current editable set rather than the most recently edited', async () => {
    await reconcileEditLocks(kit.deps.pool, ws, 'free', new Date());
    expect(await locked()).toEqual([1, 2]);
  });

  it('an upgrade unlocks everything', async () => {
    await kit.setPlan('business');
    await reconcileEditLocks(kit.deps.pool, ws, 'business', new Date());
    expect(await locked()).toEqual([]);
  });
});
