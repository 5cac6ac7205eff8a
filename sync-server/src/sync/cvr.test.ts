import { describe, expect, it } from 'vitest';
import { buildPatch, diffCvr } from './cvr';

describe('client view record diff', () => {
  it('puts new and changed rows and deletes rows that left the visible set', () => {
    const diff = diffCvr(
      { 'link/a': 1, 'link/b': 2, 'link/c': 1 },
      { 'link/a': 1, 'link/b': 3, 'link/d': 1 },
    );
    expect(diff.puts.sort()).toEqual(['link/b', 'link/d']);
    expect(diff.dels).toEqual(['link/c']);
  });

  it('an unchanged view diffs to nothing', () => {
    expect(diffCvr({ 'qr/x': 4 }, { 'qr/x': 4 })).toEqual({ puts: [], dels: [] });
  });

  it('a first pull clears the client and puts everything', () => {
    const patch = buildPatch({ puts: ['link/a'], dels: [] }, new Map([['link/a', { id: 'a' }]]), true);
    expect(patch).toEqual([{ op: 'clear' }, { op: 'put', key: 'link/a', value: { id: 'a' } }]);
  });
});
