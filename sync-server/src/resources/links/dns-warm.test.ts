import { describe, expect, it } from 'vitest';
import { cachedResolver } from '../../kernel/destination-safety';
import { warmDestinationDns } from './dns-warm';

describe('warmDestinationDns', () => {
  it('asks once per distinct host, several at a time, so the check inside the transaction hits the cache', async () => {
    const asked: string[] = [];
    let inFlight = 0;
    let most = 0;
    const resolve = cachedResolver(async (host) => {
      asked.push(host);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      if (host === 'fails.example.com') throw new Error('SERVFAIL');
      return ['93.184.216.34'];
    });
    const urls = [
      ...Array.from({ length: 100 }, (_, i) => `https://shop-${i % 40}.example.com/p/${i}`),
      'https://SHOP-1.example.com./x',
      'https://fails.example.com/',
      'https://93.184.216.34/',
      'https://[::1]/',
      'not a url',
    ];
    await warmDestinationDns(resolve, urls);
    expect(asked.sort()).toEqual(
      [...Array.from({ length: 40 }, (_, i) => `shop-${i}.example.com`), 'fails.example.com'].sort(),
    );
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(16);
    await resolve('shop-7.example.com');
    expect(asked.length).toBe(41);
  });
});
