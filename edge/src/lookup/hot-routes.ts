/**
 * What the edge made of a route's hot-cache keys (its `Found`), by host then slug, so a repeat hit
 * costs two Map reads of strings the request already holds instead of building three Redis key
 * names and hashing each (about a tenth of a hit's CPU, bench/README "visit"). An entry remembers the
 * keys it was read from and is dropped as soon as one of them is invalidated; `clear` (the hot
 * cache was reset) drops everything. Bounded: at `capacity` entries the memo starts over.
 */
export class HotRoutes<V> {
  #byHost = new Map<string, Map<string, V>>();
  /** Redis key → the route read from it (a domain key: every route of its host, `slug` null). */
  #byKey = new Map<string, { host: string; slug: string | null }>();
  #size = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be an integer ≥ 1');
  }

  get(host: string, slug: string): V | undefined {
    return this.#byHost.get(host)?.get(slug);
  }

  /** `domainKey` is the host's route key; `routeKeys` the slug's own keys. */
  set(host: string, slug: string, domainKey: string, routeKeys: readonly string[], value: V): void {
    // Keys outlive the entries they dropped, so they are bounded too (three per route at most).
    if (this.#size >= this.capacity || this.#byKey.size >= 3 * this.capacity) this.clear();
    let slugs = this.#byHost.get(host);
    if (slugs === undefined) {
      slugs = new Map();
      this.#byHost.set(host, slugs);
    }
    if (!slugs.has(slug)) this.#size += 1;
    slugs.set(slug, value);
    this.#byKey.set(domainKey, { host, slug: null });
    for (const key of routeKeys) this.#byKey.set(key, { host, slug });
  }

  /** Drops what was read from `key` (a domain key drops its host's routes). */
  invalidate(key: string): void {
    const route = this.#byKey.get(key);
    if (route === undefined) return;
    this.#byKey.delete(key);
    const slugs = this.#byHost.get(route.host);
    if (slugs === undefined) return;
    if (route.slug === null) {
      this.#size -= slugs.size;
      this.#byHost.delete(route.host);
    } else if (slugs.delete(route.slug)) {
      this.#size -= 1;
    }
  }

  clear(): void {
    this.#byHost = new Map();
    this.#byKey = new Map();
    this.#size = 0;
  }

  get size(): number {
    return this.#size;
  }
}
