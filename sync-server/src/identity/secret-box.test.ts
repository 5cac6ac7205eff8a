import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  it('round-trips, never stores the plaintext, and refuses another key or a tampered value', () => {
    const box = createSecretBox('key-one-key-one-key-one-key-one!');
    const plain = Buffer.from('JBSWY3DPEHPK3PXP');
    const sealed = box.seal(plain);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toBe(box.seal(plain));
    expect(box.open(sealed).equals(plain)).toBe(true);
    expect(() => createSecretBox('another-key-another-key-another!').open(sealed)).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
  });
});
