import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readArrival } from './arrival';

describe('what a mail link landed with', () => {
  it('says a verification went through, or why a link could not be used', () => {
    expect(readArrival('?email_verified=1')?.message).toBe('Your email address is verified.');
    expect(readArrival('?email_link=unusable')?.message).toMatch(
      /^That verification link can no longer be used/,
    );
    expect(readArrival('?sign_in_link=unusable&utm_source=x')?.message).toMatch(/^That sign-in link/);
  });

  it('carries a second-factor challenge a sign-in link started', () => {
    expect(readArrival('?two_factor_challenge=lhc_abcdefghij0123')).toEqual({
      message: null,
      twoFactorChallenge: 'lhc_abcdefghij0123',
    });
    expect(readArrival('?two_factor_challenge=%3Cscript%3E')).toBeNull();
  });

  it('is nothing for any other address, and never throws (property)', () => {
    expect(readArrival('')).toBeNull();
    expect(readArrival('?checkout=success')).toBeNull();
    fc.assert(
      fc.property(fc.string(), (search) => {
        const arrival = readArrival(search);
        if (arrival !== null)
          expect(arrival.message !== null || arrival.twoFactorChallenge !== null).toBe(true);
      }),
    );
  });
});
