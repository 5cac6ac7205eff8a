import { describe, expect, it } from 'vitest';
import { noGeo, openGeo } from './geo';

describe('geo', () => {
  it('reads country and region from the bundled GeoLite2 City database', async () => {
    const { geo, error } = await openGeo();
    expect(error).toBeNull();
    expect(geo.available).toBe(true);
    // 81.2.69.142 is MaxMind's documented test address in London.
    expect(geo.lookup('81.2.69.142')).toEqual({ country: 'GB', region: 'ENG' });
    expect(geo.lookup('8.8.8.8').country).toBe('US');
  });
  it('knows nothing about private, loopback or invalid addresses', async () => {
    const { geo } = await openGeo();
    expect(geo.lookup('127.0.0.1')).toEqual({ country: null, region: null });
    expect(geo.lookup('10.0.0.1')).toEqual({ country: null, region: null });
    expect(geo.lookup('not-an-ip')).toEqual({ country: null, region: null });
    expect(geo.lookup(null)).toEqual({ country: null, region: null });
  });
  it('degrades to null fields when the database cannot be opened', async () => {
    const { geo, error } = await openGeo('/nonexistent/GeoLite2-City.mmdb');
    expect(error).toBeInstanceOf(Error);
    expect(geo).toBe(noGeo);
    expect(geo.lookup('8.8.8.8')).toEqual({ country: null, region: null });
  });
});
