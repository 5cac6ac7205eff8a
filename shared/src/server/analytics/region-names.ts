import { Reader, type CityResponse } from 'maxmind';
import { networkPerRecord } from '../../analytics/geo-tree';

/**
 * The English name of every region the geo database can report, by the code a region breakdown
 * carries (`FR-IDF`: the country and the first subdivision's code, as `rollup-dimensions` joins
 * them). Read from the database itself, so the names match the codes visits were given.
 */
export function regionNamesOf(db: Buffer): Map<string, string> {
  const reader = new Reader<CityResponse>(db);
  const names = new Map<string, string>();
  for (const address of networkPerRecord(db, reader.metadata)) {
    const entry = regionEntryOf(reader.get(address));
    if (entry) names.set(entry[0], entry[1]);
  }
  return names;
}

/** A record's region code (as the rollups write it) and English name; null when it names no region. */
export function regionEntryOf(record: CityResponse | null): [code: string, name: string] | null {
  const subdivision = record?.subdivisions?.[0];
  const country = record?.country?.iso_code ?? record?.registered_country?.iso_code;
  const name = subdivision?.names?.en;
  if (!subdivision?.iso_code || !country || !name) return null;
  return [`${country.toUpperCase()}-${subdivision.iso_code.toUpperCase()}`, name];
}
