/** In-process counters of the edge, served to Prometheus on the private /metrics listener (prometheus.ts). */
export type EdgeMetrics = {
  cacheHits: number;
  /** Cache hits answered by the in-process hot cache (no Redis round trip); counted in cacheHits too. */
  hotCacheHits: number;
  cacheMisses: number;
  missCached: number;
  /** Misses the slug filter answered without a query: no row can hold the slug. */
  filterAbsent: number;
  dbLookups: number;
  dbErrors: number;
  redisErrors: number;
  lastKnownServed: number;
  genericServed: number;
  writeThroughFailed: number;
  captured: number;
  /** XADD rejected or failed. */
  captureFailed: number;
  /** Events held in memory while Redis was unavailable, to be sent on reconnect (cumulative). */
  captureHeld: number;
  /** Events lost because the outage buffer was full (counted, never silently lost). */
  captureOverflow: number;
  /** Requests whose resolving or writing threw, answered by their fallback (ARCHITECTURE.md#rules-that-hold-at-every-door). */
  requestFailures: number;
};

export function createMetrics(): EdgeMetrics {
  return {
    cacheHits: 0,
    hotCacheHits: 0,
    cacheMisses: 0,
    missCached: 0,
    filterAbsent: 0,
    dbLookups: 0,
    dbErrors: 0,
    redisErrors: 0,
    lastKnownServed: 0,
    genericServed: 0,
    writeThroughFailed: 0,
    captured: 0,
    captureFailed: 0,
    captureHeld: 0,
    captureOverflow: 0,
    requestFailures: 0,
  };
}
