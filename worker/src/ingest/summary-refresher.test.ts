import { describe, expect, it } from 'vitest';
import { createSummaryRefresher } from './summary-refresher';

describe('summary refresher', () => {
  it('coalesces the resources of batches handled meanwhile into one refresh', async () => {
    const calls: string[][] = [];
    const refresher = createSummaryRefresher(async (ids) => void calls.push(ids), 0);
    refresher.queue(['a', 'b']);
    refresher.queue(['b', 'c']);
    await refresher.flush();
    expect(calls).toEqual([['a', 'b', 'c']]);
  });

  it('holds a second refresh until the interval has passed, unless flushed', async () => {
    const calls: string[][] = [];
    const refresher = createSummaryRefresher(async (ids) => void calls.push(ids), 3_600_000);
    refresher.queue(['a']);
    await refresher.flush();
    refresher.queue(['b']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([['a']]); // within the hour: waiting
    await refresher.flush();
    expect(calls).toEqual([['a'], ['b']]);
  });
});
