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

/**
 * The (resource, day, visitor) rows this process has committed to analytics_unique_visitor_days,
 * so a returning visitor's next events skip the insert (most events of a day are repeat visits).
 * Bounded: two generations of at most `capacity` visitor days each; a forgotten one only costs one
 * conflicting insert again. A visitor day is only added after its transaction commits.
 * (Keyed by a `resource|day|visitor` text before D-406: building and hashing that text per
 * visitor day was 4 % of the worker's ingest CPU in bench/visit.)
 */
export function createSeenVisitorDays(capacity = 200_000) {
  let current = generation();
  let previous = generation();
  return {
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
    /** Those of `visitors` (of one resource and day) not held: one lookup of the day per generation, not one per visitor. */
    unseen(resourceId: string, eventDate: string, visitors: Iterable<string>): string[] {
      const now = current.visitors.get(resourceId)?.get(eventDate);
      const before = previous.visitors.get(resourceId)?.get(eventDate);
      const out: string[] = [];
      for (const visitor of visitors)
        if (now?.has(visitor) !== true && before?.has(visitor) !== true) out.push(visitor);
      return out;
    },
    get size(): number {
      return current.size + previous.size;
    },
  };
}
export type SeenVisitorDays = ReturnType<typeof createSeenVisitorDays>;
