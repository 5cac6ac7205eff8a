/**
 * The (resource, day, visitor) keys this process has committed to analytics_unique_visitor_days,
 * so a returning visitor's next events skip the insert (most events of a day are repeat visits).
 * Bounded: two generations of at most `capacity` keys each; a forgotten key only costs one
 * conflicting insert again. A key is only added after its transaction commits.
 */
export function createSeenVisitorDays(capacity = 200_000) {
  let current = new Set<string>();
  let previous = new Set<string>();
  return {
    has(key: string): boolean {
      return current.has(key) || previous.has(key);
    },
    addAll(keys: Iterable<string>): void {
      for (const key of keys) {
        if (current.size >= capacity) {
          previous = current;
          current = new Set();
        }
        current.add(key);
      }
    },
    get size(): number {
      return current.size + previous.size;
    },
  };
}
export type SeenVisitorDays = ReturnType<typeof createSeenVisitorDays>;

export function visitorDayKey(u: { resource_id: string; event_date: string; visitor_hash: string }): string {
  return `${u.resource_id}|${u.event_date}|${u.visitor_hash}`;
}
