import { describe, expect, it } from 'vitest';
import { planAppend, planMove, type PositionPlan } from './positions';

type Row = { id: string; position: string };
const blocks: Row[] = [
  { id: 'a', position: 'a0' },
  { id: 'b', position: 'a1' },
  { id: 'c', position: 'a2' },
];
const order = (list: Row[]) => [...list].sort((x, y) => (x.position < y.position ? -1 : 1)).map((b) => b.id);
const apply = (list: Row[], plan: PositionPlan | null) =>
  list.map((b) => ({ ...b, position: plan?.find((p) => p.id === b.id)?.position ?? b.position }));

describe('block positions', () => {
  it('moves a block up, down, to the top and to the end by rewriting only its own position', () => {
    const move = (id: string, to: number) => {
      const plan = planMove(blocks, id, to);
      expect(plan).toHaveLength(1);
      return order(apply(blocks, plan));
    };
    expect(move('c', 1)).toEqual(['a', 'c', 'b']);
    expect(move('a', 1)).toEqual(['b', 'a', 'c']);
    expect(move('c', 0)).toEqual(['c', 'a', 'b']);
    expect(move('a', 2)).toEqual(['b', 'c', 'a']);
    expect(planMove(blocks, 'b', 1)).toBeNull();
  });

  it('appends after the last block', () => {
    const { position, repairs } = planAppend(blocks);
    expect(repairs).toEqual([]);
    expect(order([...blocks, { id: 'd', position }])).toEqual(['a', 'b', 'c', 'd']);
  });

  // The seed once wrote `a000`-style keys, which the fractional-index library refuses ("invalid order key").
  const seeded: Row[] = [
    { id: 'a', position: 'a000' },
    { id: 'b', position: 'a001' },
    { id: 'c', position: 'a002' },
  ];

  it('moves a block to the top of a list whose stored keys the library refuses, by giving every block a fresh key', () => {
    const plan = planMove(seeded, 'c', 0);
    expect(order(apply(seeded, plan))).toEqual(['c', 'a', 'b']);
    // The fresh keys are ones the library takes, so the next move is a one-row write again.
    const next = apply(seeded, plan);
    expect(planMove(next, 'b', 0)).toHaveLength(1);
  });

  it('repairs two blocks sharing one key instead of failing', () => {
    const tied: Row[] = [
      { id: 'a', position: 'a0' },
      { id: 'b', position: 'a0' },
      { id: 'c', position: 'a1' },
    ];
    expect(order(apply(tied, planMove(tied, 'c', 1)))).toEqual(['a', 'c', 'b']);
  });

  it('appends after a list with refused keys, repairing them', () => {
    const { position, repairs } = planAppend(seeded);
    expect(order([...apply(seeded, repairs), { id: 'd', position }])).toEqual(['a', 'b', 'c', 'd']);
  });
});
