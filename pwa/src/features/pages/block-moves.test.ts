import { describe, expect, it } from 'vitest';
import { planAppend } from './positions';
import { planBlockMove, type MoveRequest } from './block-moves';

type Row = { id: string; position: string };
/** The server's order: position, then id (`ORDER BY position, id`, bytewise). */
const stored = (rows: Row[]) =>
  [...rows].sort((x, y) =>
    x.position === y.position ? (x.id < y.id ? -1 : 1) : x.position < y.position ? -1 : 1,
  );
const apply = (rows: Row[], plan: Row[]) =>
  stored(rows.map((b) => ({ ...b, position: plan.find((p) => p.id === b.id)?.position ?? b.position })));
const ids = (rows: Row[]) => rows.map((b) => b.id);
/** One click planned from `rows` and applied to them, as the editor's queue does. */
const click = (rows: Row[], id: string, request: MoveRequest) =>
  apply(rows, planBlockMove(rows, id, request)?.plan ?? []);

const fresh: Row[] = [
  { id: 'first', position: 'a0' },
  { id: 'second', position: 'a1' },
  { id: 'third', position: 'a2' },
];
// Keys an old seed wrote, which fractional-indexing refuses: every move renumbers the whole list.
const refused: Row[] = [
  { id: 'first', position: 'a000' },
  { id: 'second', position: 'a001' },
  { id: 'third', position: 'a002' },
];

describe('planning a block move from the stored blocks', () => {
  it('moves the clicked block one place up or down, found by id, and says where it lands', () => {
    const up = planBlockMove(fresh, 'third', { direction: 'up' });
    expect(up).toMatchObject({ to: 1, of: 3 });
    expect(up?.plan).toHaveLength(1);
    expect(ids(click(fresh, 'third', { direction: 'up' }))).toEqual(['first', 'third', 'second']);
    expect(ids(click(fresh, 'first', { direction: 'down' }))).toEqual(['second', 'first', 'third']);
  });

  it('moves a dropped block to the place of the block it was dropped on', () => {
    expect(planBlockMove(fresh, 'third', { onto: 'first' })).toMatchObject({ to: 0, of: 3 });
    expect(ids(click(fresh, 'third', { onto: 'first' }))).toEqual(['third', 'first', 'second']);
    expect(ids(click(fresh, 'first', { onto: 'third' }))).toEqual(['second', 'third', 'first']);
  });

  it('plans nothing at the edges, onto itself, or for a block another device removed', () => {
    expect(planBlockMove(fresh, 'first', { direction: 'up' })).toBeNull();
    expect(planBlockMove(fresh, 'third', { direction: 'down' })).toBeNull();
    expect(planBlockMove(fresh, 'second', { onto: 'second' })).toBeNull();
    expect(planBlockMove(fresh, 'gone', { direction: 'up' })).toBeNull();
    expect(planBlockMove(fresh, 'first', { onto: 'gone' })).toBeNull();
  });

  it('two quick clicks on one block, each planned after the other is applied, move it two places', () => {
    for (const start of [fresh, refused]) {
      const once = click(start, 'third', { direction: 'up' });
      const twice = click(once, 'third', { direction: 'up' });
      expect(ids(twice)).toEqual(['third', 'first', 'second']);
      // A third click finds it at the top already: the screen may still show the button enabled.
      expect(planBlockMove(twice, 'third', { direction: 'up' })).toBeNull();
    }
  });

  it('on refused keys, a renumber keeps a move this device already made (the screen still showing the old order)', () => {
    // The store already holds Third moved to the top; the list on screen still shows First/Second/Third,
    // and the user clicks "down" on First. Planning from the screen would renumber Third back to last.
    const movedHere = click(refused, 'third', { onto: 'first' });
    expect(ids(movedHere)).toEqual(['third', 'first', 'second']);
    const planned = planBlockMove(movedHere, 'first', { direction: 'down' });
    expect(planned).toMatchObject({ to: 2, of: 3 });
    expect(ids(apply(movedHere, planned?.plan ?? []))).toEqual(['third', 'second', 'first']);
  });

  it('keeps a move pulled from another device when this one renumbers refused keys', () => {
    // Another device put Second first, with a key the library takes and that sorts before `a000`.
    const pulled = stored(refused.map((b) => (b.id === 'second' ? { ...b, position: 'Zz' } : b)));
    expect(ids(pulled)).toEqual(['second', 'first', 'third']);
    expect(ids(click(pulled, 'third', { direction: 'up' }))).toEqual(['second', 'third', 'first']);
  });

  it('reads ties as the server does (by id) and repairs them', () => {
    const tied = stored([
      { id: 'b', position: 'a0' },
      { id: 'a', position: 'a0' },
      { id: 'c', position: 'a1' },
    ]);
    expect(ids(tied)).toEqual(['a', 'b', 'c']);
    expect(ids(click(tied, 'c', { direction: 'up' }))).toEqual(['a', 'c', 'b']);
  });

  it('two appends, the second planned after the first is applied, get different keys in order', () => {
    let rows = [...fresh];
    for (const id of ['d', 'e']) {
      const { position, repairs } = planAppend(rows);
      rows = stored([...apply(rows, repairs), { id, position }]);
    }
    expect(ids(rows)).toEqual(['first', 'second', 'third', 'd', 'e']);
    expect(new Set(rows.map((b) => b.position)).size).toBe(5);
  });
});
