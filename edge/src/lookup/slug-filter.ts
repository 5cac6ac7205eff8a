import { redirectKeyAddress } from '@linkhub/shared/cache/key-address';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { HotCache } from './hot-cache';
import { SLUG_SOURCES, type PgLookup } from './pg-lookup';
import { createSlugBloom, type SlugBloom } from './slug-bloom';

/**
 * Which slugs cannot exist, so a miss on one answers the branded 404 without a query.
 *
 * One Bloom filter keyed by host + slug for every host, plus the set of domains it covers: the
 * domains that served (verified, not deleted) when it was built. A slug is added when any row of
 * `links` (deleted ones too), `qr_codes` or `qr_slug_reservations` holds it on a covered domain, so a
 * QR slug, reserved forever, is never "absent" and keeps its fallback chain.
 *
 * Sized for 1.5× the rows PostgreSQL estimates (at least `minCapacity`), at a 1 % false-positive rate.
 * Kept current by the invalidation that keeps the hot cache coherent: every write-through of a
 * payload is a SET of `rd:{host}:{slug}`, which Redis reports to every edge before the writer gets
 * its OK, and each reported key is added (an expiry or a delete adds it too: an extra key only costs
 * a query). Built from PostgreSQL once tracking is established, so a row committed after a page was
 * read is either in a later page or written through (reported, buffered while building) afterwards.
 *
 * Never a false "absent": it answers "maybe" for everything until built, while tracking is down
 * (writes could go unseen), for a host it does not cover (a domain verified since the build, whose
 * links were not written through while it was pending), and for text it cannot hold.
 */
export type SlugFilter = {
  /** False only when no row can hold this slug on this (covered) domain. */
  mayExist(domainId: string, host: string, slug: string): boolean;
  readonly state: 'off' | 'building' | 'ready';
  /** Resolves when the current build finished (tests, benchmarks). */
  whenReady(): Promise<void>;
  readonly stats: { bytes: number; capacity: number; count: number; hashes: number; builds: number };
  close(): void;
};

export type SlugFilterOptions = {
  pg: PgLookup;
  hot: HotCache;
  /** The deployment's Redis key prefix (to read host and slug back from an invalidated key). */
  prefix: string;
  logger?: Logger;
  /** The false-positive rate at capacity (default 1 %). */
  errorRate?: number;
  /** Smallest capacity (default 1,000,000); a build sizes for 1.5× the rows it read, at least this. */
  minCapacity?: number;
  /** Rows per PostgreSQL page while building (default 20,000). */
  pageSize?: number;
};

const RETRY_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

export function createSlugFilter(options: SlugFilterOptions): SlugFilter {
  const { pg, prefix } = options;
  const errorRate = options.errorRate ?? 0.01;
  const minCapacity = options.minCapacity ?? 1_000_000;
  const pageSize = options.pageSize ?? 20_000;
  let state: SlugFilter['state'] = 'off';
  let bloom: SlugBloom | null = null;
  let covered = new Set<string>();
  /** Addresses reported while a build runs, added when it ends. */
  let reported: Array<{ host: string; slug: string }> = [];
  /** Bumped on every reset: a build begun before one is thrown away. */
  let generation = 0;
  let builds = 0;
  /** Addresses the last build held: the next one is sized for at least 1.5× as many. */
  let lastCount = 0;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  let waiters: Array<() => void> = [];

  function wake(): void {
    for (const w of waiters) w();
    waiters = [];
  }

  /** Every taken slug of a covered domain into `into`, page by page; false when a reset made the build moot. */
  async function readAll(at: number, hosts: Map<string, string>, into: SlugBloom): Promise<boolean> {
    for (const source of SLUG_SOURCES) {
      let after: { domain_id: string; slug: string } | null = null;
      for (;;) {
        const page = await pg.listTakenSlugs(source, after, pageSize);
        if (at !== generation) return false;
        for (const row of page) {
          const host = hosts.get(row.domain_id);
          if (host !== undefined) into.add(host, row.slug);
        }
        const last = page[page.length - 1];
        if (!last || page.length < pageSize) break;
        after = last;
      }
    }
    return true;
  }

  async function build(at: number, attempt: number): Promise<void> {
    let next: SlugBloom;
    let hosts: Map<string, string>;
    try {
      const estimate = await pg.estimateTakenSlugs();
      next = createSlugBloom(
        Math.max(minCapacity, Math.ceil(Math.max(estimate, lastCount) * 1.5)),
        errorRate,
      );
      hosts = new Map((await pg.listServingDomains()).map((d) => [d.id, d.hostname]));
      if (!(await readAll(at, hosts, next))) return;
    } catch (err) {
      if (at !== generation || closed) return;
      const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 30_000;
      options.logger?.warn(
        { err: { message: err instanceof Error ? err.message : String(err) }, retryMs: delay },
        'edge slug filter: build failed; every slug is "maybe" until it succeeds',
      );
      retry = setTimeout(() => void build(at, attempt + 1), delay);
      retry.unref();
      return;
    }
    if (at !== generation || closed) return;
    for (const address of reported) next.add(address.host, address.slug);
    reported = [];
    lastCount = next.count;
    bloom = next;
    covered = new Set(hosts.keys());
    state = 'ready';
    builds += 1;
    wake();
    // Sized from a stale estimate: build again at the size now known.
    if (next.count > next.capacity) start();
  }

  function reset(): void {
    generation += 1;
    if (retry) clearTimeout(retry);
    retry = null;
    state = 'off';
    bloom = null;
    covered = new Set();
    reported = [];
  }

  function start(): void {
    reset();
    if (closed) return;
    state = 'building';
    void build(generation, 0);
  }

  options.hot.listen({
    established: start,
    reset,
    invalidated(key) {
      if (state === 'off') return;
      const address = redirectKeyAddress(prefix, key);
      if (!address) return;
      if (state === 'building') reported.push(address);
      else if (bloom) {
        bloom.add(address.host, address.slug);
        // Past capacity the false-positive rate climbs: build again at the new size.
        if (bloom.count > bloom.capacity) start();
      }
    },
  });

  return {
    mayExist(domainId, host, slug) {
      if (state !== 'ready' || bloom === null || !covered.has(domainId)) return true;
      return bloom.has(host, slug);
    },
    get state() {
      return state;
    },
    whenReady() {
      if (state === 'ready') return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    get stats() {
      return {
        bytes: bloom?.bytes ?? 0,
        capacity: bloom?.capacity ?? 0,
        count: bloom?.count ?? 0,
        hashes: bloom?.hashes ?? 0,
        builds,
      };
    },
    close() {
      closed = true;
      reset();
    },
  };
}
