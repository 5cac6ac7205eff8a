import { describe, expect, it } from 'vitest';
import { addressesVia } from '@linkhub/shared/url/public-address';
import { shortUrlOf } from './short-url';

describe('the short URL the API answers', () => {
  const devStack = addressesVia('http://localhost:8787');

  it('is https on a production or custom domain, whatever the edge URL', () => {
    expect(shortUrlOf(devStack, 'go.example.com', 'spring')).toBe('https://go.example.com/spring');
    expect(shortUrlOf(addressesVia(null), 'lnk.localhost', 'spring')).toBe('https://lnk.localhost/spring');
  });

  it('opens at the local edge on the dev stack’s hosts, so what `npm start` answers can be clicked', () => {
    expect(shortUrlOf(devStack, 'lnk.localhost', 'spring')).toBe('http://lnk.localhost:8787/spring');
    expect(shortUrlOf(devStack, 'bio.localhost', 'ada')).toBe('http://bio.localhost:8787/ada');
  });

  it('encodes what a slug or handle may not carry raw', () => {
    expect(shortUrlOf(devStack, 'go.example.com', 'a b/c')).toBe('https://go.example.com/a%20b%2Fc');
  });
});
