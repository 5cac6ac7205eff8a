import { describe, expect, it } from 'vitest';
import { displayUrl, lookalikeHostOf } from './destination-display';

describe('destinations in the editor', () => {
  it('show a stored, encoded destination in its readable form', () => {
    expect(displayUrl('https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC')).toBe(
      'https://ja.wikipedia.org/wiki/東京',
    );
  });

  it('name a host that mixes alphabets in one label, and pass a plain or single-script one', () => {
    expect(lookalikeHostOf('https://\u0430pple.com/')).not.toBeNull();
    expect(lookalikeHostOf('https://apple.com/')).toBeNull();
    expect(lookalikeHostOf('https://пример.рф/')).toBeNull();
  });
});
