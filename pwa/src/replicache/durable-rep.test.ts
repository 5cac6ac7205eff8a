import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { Replicache, type LogSink, type WriteTransaction } from 'replicache';
import { ReplicacheImpl } from 'replicache/impl';
import { DurableReplicache } from './durable-rep';

const mutators = {
  put: async (tx: WriteTransaction, { key, value }: { key: string; value: number }) => {
    await tx.set(key, value);
  },
};

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});

let names = 0;
const freshName = () => `durable-${process.pid}-${++names}-${Date.now()}`;

function errorsTo(errors: unknown[]): LogSink {
  return { log: (level, _context, ...args) => void (level === 'error' && errors.push(args)) };
}

function writer<R extends { close: () => Promise<void> }>(make: () => R): R {
  const rep = make();
  open.push(rep);
  return rep;
}

/** What a reload would see: a new client of the same store, reading IndexedDB. */
async function readAfterReload(name: string, key: string): Promise<unknown> {
  const reader = writer(() => new Replicache({ name, mutators }));
  return reader.query((tx) => tx.get(key));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DurableReplicache (D-430)', () => {
  it('has a change in IndexedDB at once, where Replicache alone waits for its timer', async () => {
    const durable = freshName();
    const plain = freshName();
    const a = writer(() => new DurableReplicache({ name: durable, mutators }));
    const b = writer(() => new ReplicacheImpl({ name: plain, mutators }));
    await a.mutate.put({ key: 'title', value: 2 });
    await b.mutate.put({ key: 'title', value: 2 });
    // Replicache's timer cannot fire before one second here (no requestIdleCallback in Node).
    await sleep(300);
    expect(await readAfterReload(durable, 'title')).toBe(2);
    expect(await readAfterReload(plain, 'title')).toBeUndefined();
  });

  it('tells a subscriber of a local change only once it is on disk: a store torn down right then keeps it', async () => {
    const name = freshName();
    const rep = new DurableReplicache({ name, mutators });
    // The page goes away the moment the screen shows the change (close stops any write in flight).
    const shown = new Promise<void>((resolve) => {
      rep.subscribe((tx) => tx.get('title'), {
        onData: (title) => {
          if (title !== 2) return;
          void rep.close();
          resolve();
        },
      });
    });
    await rep.mutate.put({ key: 'title', value: 2 });
    await shown;
    expect(await readAfterReload(name, 'title')).toBe(2);
  });

  it('resolves a mutation once it is on disk: a store torn down right after keeps it', async () => {
    const name = freshName();
    const rep = new DurableReplicache({ name, mutators });
    await rep.mutate.put({ key: 'title', value: 3 });
    void rep.close();
    expect(await readAfterReload(name, 'title')).toBe(3);
  });

  it('lists a pending mutation once it is on disk: a store torn down right then keeps it', async () => {
    const name = freshName();
    const rep = new DurableReplicache({ name, mutators });
    // Replicache's own list does not wait for the store to open.
    await rep.query((tx) => tx.has('title'));
    void rep.mutate.put({ key: 'title', value: 4 });
    let listed = 0;
    while (listed === 0) listed = (await rep.experimentalPendingMutations()).length;
    void rep.close();
    expect(await readAfterReload(name, 'title')).toBe(4);
  });

  it('never runs two writes at once (Replicache would refuse the second), and the last holds every change', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), async (steps) => {
        const name = freshName();
        const errors: unknown[] = [];
        const rep = writer(
          () => new DurableReplicache({ name, mutators, logLevel: 'error', logSinks: [errorsTo(errors)] }),
        );
        // true: a mutation; false: a write asked for by someone else (Replicache's timer, say).
        const settled = await Promise.allSettled(
          steps.map((mutation, i) => (mutation ? rep.mutate.put({ key: `k${i}`, value: i }) : rep.persist())),
        );
        await rep.persist();
        expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
        expect(errors).toEqual([]);
        for (const [i, mutation] of steps.entries())
          if (mutation) expect(await readAfterReload(name, `k${i}`)).toBe(i);
      }),
      { numRuns: 15 },
    );
  });

  it("needs the queue: Replicache's own persist() refuses a call that overlaps another", async () => {
    const rep = writer(() => new ReplicacheImpl({ name: freshName(), mutators, logLevel: 'error' }));
    await rep.mutate.put({ key: 'k', value: 1 });
    const settled = await Promise.allSettled([rep.persist(), rep.persist()]);
    expect(settled.map((s) => s.status)).toContain('rejected');
  });
});
