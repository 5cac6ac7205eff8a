import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redirectKeyAddress } from './key-address';
import { domainHostKey, redirectKey, redirectMissKey } from './keys';

describe('redirectKeyAddress', () => {
  it('reads back the host and slug of any redirect key, and nothing from the other families', () => {
    const host = fc.stringMatching(/^[a-z0-9]([a-z0-9.-]{0,30}[a-z0-9])?(:[0-9]{1,5})?$/);
    fc.assert(
      fc.property(
        fc.constantFrom('', 'tX:'),
        host,
        fc.string({ unit: 'binary', minLength: 1 }),
        (prefix, h, slug) => {
          expect(redirectKeyAddress(prefix, redirectKey(prefix, h, slug))).toEqual({ host: h, slug });
          expect(redirectKeyAddress(prefix, redirectMissKey(prefix, h, slug))).toBeNull();
          expect(redirectKeyAddress(prefix, domainHostKey(prefix, h))).toBeNull();
        },
      ),
    );
  });
  it('needs the prefix', () => {
    expect(redirectKeyAddress('a:', 'b:rd:{h}:s')).toBeNull();
  });
});
