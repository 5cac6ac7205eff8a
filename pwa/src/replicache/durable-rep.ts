import type {
  MakeMutators,
  MutatorDefs,
  PendingMutation,
  ReadTransaction,
  ReplicacheOptions,
  SubscribeOptions,
} from 'replicache';
import { ReplicacheImpl } from 'replicache/impl';
import { ackingPusher, PushAcks } from './push-acks';

/**
 * Replicache whose answers never get ahead of IndexedDB (D-430).
 *
 * Replicache 15 keeps new changes in memory and writes them to IndexedDB on a timer (the next idle
 * moment at least 500 ms after its previous write, up to a second later still), with no public way to
 * hurry it; a write started on `pagehide` or `visibilitychange` never finishes before a reload tears
 * the page down. A reload or a closed tab inside that window lost, for good, an edit the screen had
 * shown and the server did not have. So a change is written at once, and a mutation's promise, a
 * subscriber's answer and the pending list each wait until every local change they reflect is on
 * disk (one write: ~15 ms, ~70 ms on a CPU at a quarter speed): what the user was shown survives a
 * reload. `experimentalWatch` is not held back: its callbacks are triggers (this class's own, the
 * chip's recount) that then read through the calls that are. `Replicache` is a thin wrapper hiding
 * its `ReplicacheImpl`; the package exports the impl itself (`replicache/impl`), whose `persist()`
 * is that write.
 */
export class DurableReplicache<MD extends MutatorDefs> extends ReplicacheImpl<MD> {
  #running: Promise<void> | null = null;
  #queued: Promise<void> | null = null;
  /** `lastMutationID` when the newest finished write began: every local change up to it is on disk. */
  #onDisk = 0;
  /** As Replicache's, but a mutation's promise resolves once the change is on disk ("Saved on this device"). */
  declare readonly mutate: MakeMutators<MD>;
  /** Which local changes a push has had answered by the server (D-561). */
  readonly pushAcks = new PushAcks();

  constructor(options: ReplicacheOptions<MD>) {
    super(options);
    this.mutate = new Proxy(this.mutate, {
      get: (mutators, name, receiver) => {
        const mutator: unknown = Reflect.get(mutators, name, receiver);
        if (!isCallable(mutator)) return mutator;
        return async (...args: unknown[]) => {
          const result = await mutator(...args);
          await this.whenOnDisk();
          return result;
        };
      },
    });
    // Fired once a change is committed to the in-memory store (a local mutation, or a pull's). A
    // failed write is retried by Replicache's own timer, which runs the same persist and logs.
    super.experimentalWatch(() => void this.persist().catch(() => undefined));
    if (options.pushURL) this.pusher = ackingPusher(this.pushAcks, options.pushURL, () => this.auth);
  }

  /**
   * The local changes the server has not answered for yet: the unsynced-changes chip's count. A
   * change stops counting when its push is answered, not a pull later (D-561).
   */
  async unsavedMutations(): Promise<readonly PendingMutation[]> {
    return (await this.experimentalPendingMutations()).filter((m) => !this.pushAcks.isSaved(m));
  }

  /** True when no local change lives only in memory. */
  get allOnDisk(): boolean {
    return this.lastMutationID <= this.#onDisk;
  }

  /**
   * Resolves once every local change made so far is in IndexedDB. A failed write resolves it too: a
   * screen that stopped updating would be worse, and Replicache's timer tries again.
   */
  whenOnDisk(): Promise<void> {
    return this.allOnDisk ? Promise.resolve() : this.persist().catch(() => undefined);
  }

  /**
   * As Replicache's, but an answer holding a local change not yet on disk is delivered once it is (a
   * few ms later); only the newest answer is delivered, so a late one never replaces a newer one.
   */
  override subscribe<R>(
    body: (tx: ReadTransaction) => Promise<R>,
    options: SubscribeOptions<R> | ((result: R) => void),
  ): () => void {
    const { onData, ...rest } = typeof options === 'function' ? { onData: options } : options;
    let newest = 0;
    let stopped = false;
    const unsubscribe = super.subscribe(body, {
      ...rest,
      onData: (result) => {
        const answer = ++newest;
        if (this.allOnDisk) {
          onData(result);
          return;
        }
        void this.whenOnDisk().then(() => {
          if (!stopped && answer === newest) onData(result);
        });
      },
    });
    return () => {
      stopped = true;
      unsubscribe();
    };
  }

  /** As Replicache's, answered once the local changes it lists are on disk (the unsynced-changes chip). */
  override async experimentalPendingMutations(): Promise<readonly PendingMutation[]> {
    // Read first, then wait: the read may list a mutation that committed while it queued, and
    // the write waited for covers everything committed before it.
    const pending = await super.experimentalPendingMutations();
    await this.whenOnDisk();
    return pending;
  }

  /**
   * One write at a time, Replicache's timer included (it calls `this.persist()`): Replicache asserts
   * that two never overlap. A request made while one runs is answered by one more write after it,
   * shared by every request made meanwhile, so it holds whatever changed while the first was running.
   */
  override persist(): Promise<void> {
    if (!this.#running) return this.#start();
    this.#queued ??= this.#running
      .catch(() => undefined)
      .then(() => {
        this.#queued = null;
        return this.#start();
      });
    return this.#queued;
  }

  #start(): Promise<void> {
    // The write reads the in-memory store after it starts, so it holds at least this much.
    const covers = this.lastMutationID;
    const run = super
      .persist()
      .then(() => {
        this.#onDisk = Math.max(this.#onDisk, covers);
      })
      .finally(() => {
        if (this.#running === run) this.#running = null;
      });
    this.#running = run;
    return run;
  }
}

function isCallable(value: unknown): value is (...args: unknown[]) => unknown {
  return typeof value === 'function';
}
