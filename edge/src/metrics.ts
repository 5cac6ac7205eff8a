/** In-process counters of the edge (reported by /healthz; no external metrics system yet). */
export type EdgeMetrics = {
  cacheHits: number;
  /** Cache hits answered by the in-process hot cache (no Redis round trip); counted in cacheHits too. */
  hotCacheHits: number;
  cacheMisses: number;
  missCached: number;
  dbLookups: number;
  dbErrors: number;
  redisErrors: number;
  lastKnownServed: number;
  genericServed: number;
  writeThroughFailed: number;
  captured: number;
  /** XADD rejected or failed. */
  captureFailed: number;
  /** Not even attempted: Redis was not connected (DESIGN §6: with Redis down, capture is dropped). */
  captureDropped: number;
};

export function createMetrics(): EdgeMetrics {
  return {
    cacheHits: 0,
    hotCacheHits: 0,
    cacheMisses: 0,
    missCached: 0,
    dbLookups: 0,
    dbErrors: 0,
    redisErrors: 0,
    lastKnownServed: 0,
    genericServed: 0,
    writeThroughFailed: 0,
    captured: 0,
    captureFailed: 0,
    captureDropped: 0,
  };
}
