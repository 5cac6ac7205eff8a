import { describe, expect, it } from 'vitest';
import { pickSplitDestination, pickVariant, pickWeighted } from './split';

const hashes = Array.from({ length: 4000 }, (_, i) => i.toString(16).padStart(32, '0'));

describe('weighted split and experiment variants', () => {
  const items = [
    { id: 'a', url: 'https://a.example', weight: 70 },
    { id: 'b', url: 'https://b.example', weight: 30 },
  ];
  it('is deterministic: the same visitor always gets the same item', () => {
    for (const h of hashes.slice(0, 50)) {
      const first = pickWeighted(items, h, 'seed');
      for (let i = 0; i < 5; i++) expect(pickWeighted(items, h, 'seed')?.id).toBe(first?.id);
    }
  });
  it('honours the weights over many visitors', () => {
    const share = hashes.filter((h) => pickWeighted(items, h, 'seed')?.id === 'a').length / hashes.length;
    expect(share).toBeGreaterThan(0.65);
    expect(share).toBeLessThan(0.75);
  });
  it('never picks a zero-weight item and returns null when all weights are zero', () => {
    const withZero = [...items, { id: 'z', url: 'https://z.example', weight: 0 }];
    expect(hashes.some((h) => pickWeighted(withZero, h, 's')?.id === 'z')).toBe(false);
    expect(pickWeighted([{ id: 'z', url: 'https://z.example', weight: 0 }], hashes[0]!, 's')).toBeNull();
    expect(pickWeighted([], hashes[0]!, 's')).toBeNull();
  });
  it('assigns experiments independently of splits and of each other', () => {
    const experiment = { id: 'exp-1', variants: items };
    const other = { id: 'exp-2', variants: items };
    const agreeSplit = hashes.filter(
      (h) => pickVariant(experiment, h)?.id === pickSplitDestination(items, h, 'exp-1')?.id,
    ).length;
    const agreeOther = hashes.filter(
      (h) => pickVariant(experiment, h)?.id === pickVariant(other, h)?.id,
    ).length;
    // Independent 70/30 picks agree about 58% of the time; identical seeds would agree 100%.
    expect(agreeSplit / hashes.length).toBeLessThan(0.7);
    expect(agreeOther / hashes.length).toBeLessThan(0.7);
    for (const h of hashes.slice(0, 20))
      expect(pickVariant(experiment, h)?.id).toBe(pickVariant(experiment, h)?.id);
  });
});
