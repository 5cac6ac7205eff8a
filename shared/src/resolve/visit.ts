import type { DeviceType } from '../cache/payload';

/** What the resolver knows of one visit, derived in memory by the edge (no raw IP or User-Agent). */
export type Visit = {
  now: Date;
  /** Hex visitor hash (analytics/visitor-hash.ts): the seed of split and experiment assignment. */
  visitorHash: string;
  /** ISO 3166-1 alpha-2, upper-case, or null when unknown. */
  country: string | null;
  /** ISO 3166-2 subdivision part (`CA` for `US-CA`), upper-case, or null. */
  region: string | null;
  deviceType: DeviceType;
  osFamily: string | null;
  /** Accept-Language ranges, most preferred first, lower-case (language.ts). */
  languages: readonly string[];
  referrerHost: string | null;
  /** The visit's raw query string, without the leading `?` ('' when none). */
  query: string;
};
