/** One (resource, UTC day, visitor) of analytics_unique_visitor_days. */
type VisitorDay = { resource_id: string; event_date: string; visitor_hash: string };

/** Visitors by day by resource: a lookup hashes the row's own strings (V8 keeps a string's hash), no key text is built. */
type Generation = { visitors: Map<string, Map<string, Set<string>>>; size: number };

const generation = (): Generation => ({ visitors: new Map(), size: 0 });

function holds(g: Generation, u: VisitorDay): boolean {
  return g.visitors.get(u.resource_id)?.get(u.event_date)?.has(u.visitor_hash) === true;
}

function add(g: Generation, u: VisitorDay): void {
  let days = g.visitors.get(u.resource_id);
  if (days === undefined) {
    days = new Map();
    g.visitors.set(u.resource_id, days);
  }
  let visitors = days.get(u.event_date);
  if (visitors === undefined) {
    visitors = new Set();
    days.set(u.event_date, visitors);
  }
  if (visitors.has(u.visitor_hash)) return;
  visitors.add(u.visitor_hash);
  g.size += 1;
}

const MAX_CLEAN_DAYS_BEFORE_PLAIN = 10_000_000;

/**
 * The (resource, day, visitor) rows this process has committed to analytics_unique_visitor_days,
 * so a returning visitor's next events skip the insert (most events of a day are repeat visits).
 * Bounded: two generations of at most `capacity` visitor days each; a forgotten one only costs one
 * conflicting insert again. A visitor day is only added after its transaction commits.
 * (Keyed by a `resource|day|visitor` text before D-406: building and hashing that text per
 * visitor day was 4 % of the worker's ingest CPU in bench/visit.)
 */
export function createSeenVisitorDays(capacity = 200_000, cleanDaysBeforePlain = 20_000) {
  let current = generation();
  let previous = generation();
  /** Visitor days inserted with ON CONFLICT since the start or the last one found stored. */
  let cleanDays = 0;
  /** Doubled by each failed plain insert (its batch is written twice), so those stay a small share. */
  let required = cleanDaysBeforePlain;
  return {
    /**
     * Whether a fresh batch may insert its unseen visitor days without ON CONFLICT (its speculative
     * insertion is ~1.4 of PostgreSQL's ~4 µs per new visitor day, D-420): only once
     * `cleanDaysBeforePlain` visitor days in a row (doubled after each failed plain insert) went in
     * with ON CONFLICT and none was stored already. A plain insert that meets a stored one fails its
     * transaction, which is then written again the skipping way, so counts stay exact.
     */
    get plainInsert(): boolean {
      return cleanDays >= required;
    },
    /** A committed ON CONFLICT visitor-day insert: how many it tried and how many were new. */
    noteInsert(tried: number, inserted: number): void {
      cleanDays = inserted === tried ? cleanDays + tried : 0;
    },
    /** A plain insert met a stored visitor day (its transaction failed). */
    noteConflict(): void {
      cleanDays = 0;
      required = Math.min(required * 2, MAX_CLEAN_DAYS_BEFORE_PLAIN);
    },
    has(u: VisitorDay): boolean {
      return holds(current, u) || holds(previous, u);
    },
    addAll(days: Iterable<VisitorDay>): void {
      for (const u of days) {
        if (current.size >= capacity) {
          previous = current;
          current = generation();
        }
        add(current, u);
      }
    },
    get size(): number {
      return current.size + previous.size;
    },
  };
}
export type SeenVisitorDays = ReturnType<typeof createSeenVisitorDays>;
