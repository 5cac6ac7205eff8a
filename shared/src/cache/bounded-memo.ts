/**
 * A bounded memo for hot per-request look-ups (the edge's redirect keys and last-known payloads,
 * geo record → country/region, UA key → families):
 * two generations of plain Maps. Hits in the young one cost one Map read (no reordering, unlike
 * an exact LRU's delete + set per hit, which under a steady stream of hits made V8 rehash its Map over and over);
 * an old-generation hit moves the entry up; when the young one is full it becomes the old one and
 * the previous old one is dropped. Never more than `capacity` entries; what is used stays.
 */
export class BoundedMemo<K, V> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();
  readonly #generation: number;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 2) throw new RangeError('capacity must be an integer ≥ 2');
    this.#generation = Math.floor(capacity / 2);
  }

  get(key: K): V | undefined {
    const young = this.#young.get(key);
    if (young !== undefined) return young;
    const old = this.#old.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key: K, value: V): void {
    if (this.#young.size >= this.#generation && !this.#young.has(key)) {
      this.#old = this.#young;
      this.#young = new Map();
    }
    this.#young.set(key, value);
  }

  delete(key: K): void {
    this.#young.delete(key);
    this.#old.delete(key);
  }

  /** Distinct keys held (walks the old generation: for tests and metrics, not per request). */
  get size(): number {
    let size = this.#young.size;
    for (const key of this.#old.keys()) if (!this.#young.has(key)) size += 1;
    return size;
  }
}
