import { describe, expect, it } from 'vitest';
import { positionAtEnd, positionForMove } from './positions';

const blocks = [
  { id: 'a', position: 'a0' },
  { id: 'b', position: 'a1' },
  { id: 'c', position: 'a2' },
];
const order = (list: Array<{ id: string; position: string }>) => [...list].sort((x, y) => (x.position < y.position ? -1 : 1)).map((b) => b.id);

describe('block positions', () => {
  it('moves a block up, down, to the top and to the end by rewriting only its own position', () => {
    const move = (id: string, to: number) => {
      const p = positionForMove(blocks, id, to);
      return order(blocks.map((b) => (b.id === id && p ? { ...b, position: p } : b)));
    };
    expect(move('c', 1)).toEqual(['a', 'c', 'b']);
    expect(move('a', 1)).toEqual(['b', 'a', 'c']);
    expect(move('c', 0)).toEqual(['c', 'a', 'b']);
    expect(move('a', 2)).toEqual(['b', 'c', 'a']);
    expect(positionForMove(blocks, 'b', 1)).toBeNull();
  });

  it('appends after the last block', () => {
    expect(order([...blocks, { id: 'd', position: positionAtEnd(blocks) }])).toEqual(['a', 'b', 'c', 'd']);
  });
});
