import { readFile } from 'node:fs/promises';
import { Reader, type CityResponse } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { bundledCityDatabasePath, openGeo } from '@linkhub/shared/server/analytics/geo';
import { networkPerRecord } from '@linkhub/shared/analytics/geo-tree';
import { regionEntryOf } from '@linkhub/shared/server/analytics/region-names';
import { regionNameOf, regionNames } from './region-names';

describe('region names', () => {
  it('agree with the bundled geo database (regenerate with scripts/generate-region-names.ts after upgrading it)', async () => {
    const db = await readFile(bundledCityDatabasePath());
    const reader = new Reader<CityResponse>(db);
    let records = 0;
    let checked = 0;
    for (const address of networkPerRecord(db, reader.metadata)) {
      records += 1;
      // Every 97th record: decoding all 540,000 takes ~13 s; the walk alone is cheap.
      if (records % 97 !== 0) continue;
      const entry = regionEntryOf(reader.get(address));
      if (!entry) continue;
      checked += 1;
      expect(regionNameOf(entry[0]), `${entry[0]} (record of ${address})`).toBe(entry[1]);
    }
    expect(records).toBeGreaterThan(100_000);
    expect(checked).toBeGreaterThan(1_000);
  }, 60_000);

  it('name the region the edge gives a visit, by the code the rollups write', async () => {
    const { geo } = await openGeo();
    // 81.2.69.142: a London address in MaxMind's own test data, and in GeoLite2.
    const facts = geo.lookup('81.2.69.142');
    expect(facts.country).toBe('GB');
    const code = `${facts.country ?? ''}-${facts.region ?? ''}`;
    expect(regionNames([code])).toEqual({ [code]: 'England' });
  });

  it('answer only codes the database names, whatever a client sends as a filter', () => {
    expect(regionNames(['US-CA', 'FR-IDF', 'ZZ-NOPE', 'toString', '__proto__', '', null, undefined])).toEqual(
      {
        'US-CA': 'California',
        'FR-IDF': 'Île-de-France',
      },
    );
  });
});
