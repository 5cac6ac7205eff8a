import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carriesCredentials } from './credentials';

describe('carriesCredentials', () => {
  it('finds a user name or password in an address, and nothing in an @ of its path or query', () => {
    for (const carrying of [
      'https://user:secret@example.com/',
      'https://paypal.com@pay.example.net/login',
      'http://:pw@example.com/',
      ' https://us%40er@example.com/ ',
    ])
      expect(carriesCredentials(carrying), carrying).toBe(true);
    for (const clean of [
      'https://example.com/@handle?to=a@b.c',
      'https://example.com/',
      'not an address',
      '',
    ])
      expect(carriesCredentials(clean), clean).toBe(false);
  });

  it('is true for every web address given credentials, and never throws', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.stringMatching(/^[a-z0-9]{1,12}$/), (address, user) => {
        const url = new URL(address);
        url.username = user;
        expect(carriesCredentials(url.href)).toBe(true);
        expect(carriesCredentials(address)).toBe(
          new URL(address).username !== '' || new URL(address).password !== '',
        );
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(typeof carriesCredentials(text)).toBe('boolean');
      }),
    );
  });
});
