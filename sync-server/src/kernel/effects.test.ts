import { describe, expect, it } from 'vitest';
import { PostCommitEffects } from './effects';

/** Work scheduled for after COMMIT, keyed so many mutations of one address write and poke once. */
const job = (jobId: string) => ({ queue: 'cache-refresh' as const, name: 'cache-refresh', data: {}, jobId });
const noop = async () => undefined;

describe('PostCommitEffects', () => {
  it('keeps the latest write per key, and forgets "from held rows" when a later write reads', () => {
    const effects = new PostCommitEffects();
    const first = async () => undefined;
    const second = async () => undefined;
    effects.writeCache('rd:h:s', first, { kind: 'redirect', host: 'h', slug: 's' }, true);
    expect(effects.writesFromHeldRows.has('rd:h:s')).toBe(true);
    effects.writeCache('rd:h:s', second);
    expect(effects.cacheWrites.size).toBe(1);
    expect(effects.cacheWrites.get('rd:h:s')).toBe(second);
    expect(effects.writesFromHeldRows.has('rd:h:s')).toBe(false);
    expect(effects.cacheRefreshes.get('rd:h:s')).toEqual({ kind: 'redirect', host: 'h', slug: 's' });
  });

  it('sends a job once per job id', () => {
    const effects = new PostCommitEffects();
    effects.enqueue(job('a'));
    effects.enqueue(job('a'));
    effects.enqueue(job('b'));
    expect([...effects.jobs.keys()]).toEqual(['a', 'b']);
  });

  it('pokes a known workspace’s members without a query, and names the workspaces still to read', () => {
    const effects = new PostCommitEffects();
    effects.poke({ workspaceId: 'w1' });
    effects.poke({ workspaceId: 'w2', userId: 'u9' });
    effects.poke({ workspaceId: null, userId: null });
    effects.knowMembers('w1', ['u1', 'u2']);
    const targets = effects.pokeTargets();
    expect(targets.users).toEqual(new Set(['u9', 'u1', 'u2']));
    expect(targets.unknownWorkspaces).toEqual(['w2']);
  });

  it('absorbs a committed transaction’s effects, its held-row writes included', () => {
    const batch = new PostCommitEffects();
    batch.writeCache('k', noop);
    const item = new PostCommitEffects();
    item.writeCache('k', noop, { kind: 'redirect', host: 'h', slug: 'k' }, true);
    item.enqueue(job('j'));
    item.poke({ workspaceId: 'w', userId: 'u' });
    item.knowMembers('w', ['m']);
    batch.absorb(item);
    expect(batch.writesFromHeldRows.has('k')).toBe(true);
    expect(batch.cacheRefreshes.get('k')).toEqual({ kind: 'redirect', host: 'h', slug: 'k' });
    expect(batch.jobs.has('j')).toBe(true);
    expect(batch.pokeTargets().users).toEqual(new Set(['u', 'm']));
  });
});
