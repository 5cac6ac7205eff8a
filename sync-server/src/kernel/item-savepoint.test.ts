import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inItemSavepoint } from './item-savepoint';
import { linkArgs, startCommandKit, type CommandKit } from '../testing/command-kit';

/** One item of a batch (a push's mutation, a bulk link) fails alone: its rows and effects go, the rest stays. */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit();
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

const count = async (ids: unknown[]) =>
  (await kit.sql('SELECT 1 FROM links WHERE id = ANY($1::uuid[])', [ids])).length;

describe('inItemSavepoint', () => {
  it('rolls back only the failing item: its rows and its scheduled effects; the next item still runs', async () => {
    const by = await kit.actor();
    const a = linkArgs(ws, { slug: 'sp-a' });
    const b = linkArgs(ws, { slug: 'sp-b' });
    const c = linkArgs(ws, { slug: 'sp-c' });
    const written: string[] = [];
    await kit.deps.commands.inTransaction(async (scope) => {
      await inItemSavepoint(scope, (item) => kit.deps.commands.runNamed(item, by, 'createLink', a, null));
      await expect(
        inItemSavepoint(scope, async (item) => {
          await kit.deps.commands.runNamed(item, by, 'createLink', b, null);
          item.effects.writeCache('b-extra', async () => void written.push('b'));
          throw new Error('item failed after writing');
        }),
      ).rejects.toThrow('item failed after writing');
      await inItemSavepoint(scope, (item) => kit.deps.commands.runNamed(item, by, 'createLink', c, null));
      expect(scope.effects.cacheWrites.has('b-extra')).toBe(false);
      expect(scope.effects.cacheWrites.has(`rd:${kit.deps.config.LINK_HOST}:sp-a`)).toBe(true);
    });
    expect(await count([a.id, c.id])).toBe(2);
    expect(await count([b.id])).toBe(0);
    expect(written).toEqual([]);
  });

  it('rethrows the item error (a taken slug keeps its code) and leaves the transaction usable', async () => {
    const by = await kit.actor();
    const first = linkArgs(ws, { slug: 'sp-taken' });
    const again = linkArgs(ws, { slug: 'sp-taken' });
    const after = linkArgs(ws, { slug: 'sp-after' });
    await kit.deps.commands.inTransaction(async (scope) => {
      await inItemSavepoint(scope, (item) => kit.deps.commands.runNamed(item, by, 'createLink', first, null));
      await expect(
        inItemSavepoint(scope, (item) => kit.deps.commands.runNamed(item, by, 'createLink', again, null)),
      ).rejects.toMatchObject({ code: 'slug_taken' });
      await inItemSavepoint(scope, (item) => kit.deps.commands.runNamed(item, by, 'createLink', after, null));
    });
    expect(await count([first.id, after.id])).toBe(2);
  });

  it('in a push, a refused mutation between two good ones is refused alone, and the client moves past it', async () => {
    const device = kit.device();
    const ok1 = linkArgs(ws, { slug: 'push-1' });
    const bad = linkArgs(ws, { slug: 'push-1' });
    const ok2 = linkArgs(ws, { slug: 'push-2' });
    expect(
      await device.push(
        { name: 'createLink', args: ok1 },
        { name: 'createLink', args: bad },
        { name: 'createLink', args: ok2 },
      ),
    ).toBe(200);
    expect(await count([ok1.id, ok2.id])).toBe(2);
    expect(await count([bad.id])).toBe(0);
    expect(await device.lastMutationId()).toBe(3);
    expect((await kit.notices()).at(-1)).toMatchObject({ code: 'slug_taken', mutation_name: 'createLink' });
  });
});
