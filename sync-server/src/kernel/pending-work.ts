/**
 * Work a response does not wait for (a commit's jobs and pokes), kept track of so shutdown can wait
 * for it before closing the pool and Redis it uses: no job lost, no rejection left unhandled.
 */
export class PendingWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  track(work: Promise<void>): void {
    const tracked: Promise<void> = work.catch(this.onError).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves once everything tracked has finished, including work tracked while waiting. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
