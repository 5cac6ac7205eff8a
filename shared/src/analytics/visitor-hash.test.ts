import { describe, expect, it } from 'vitest';
import { uaHash, visitorHash } from './visitor-hash';

const salt = Buffer.alloc(32, 7);
const other = Buffer.alloc(32, 8);

describe('visitorHash', () => {
  it('is 16 bytes of hex, stable for the same inputs', () => {
    const h = visitorHash(salt, 'ws', '203.0.113.9', 'UA');
    expect(h).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash(salt, 'ws', '203.0.113.9', 'UA')).toBe(h);
  });
  it('changes with the salt (day), the workspace, the IP and the UA, and hides the IP', () => {
    const h = visitorHash(salt, 'ws', '203.0.113.9', 'UA');
    expect(visitorHash(other, 'ws', '203.0.113.9', 'UA')).not.toBe(h);
    expect(visitorHash(salt, 'ws2', '203.0.113.9', 'UA')).not.toBe(h);
    expect(visitorHash(salt, 'ws', '203.0.113.8', 'UA')).not.toBe(h);
    expect(visitorHash(salt, 'ws', '203.0.113.9', 'UA2')).not.toBe(h);
    expect(visitorHash(salt, 'ws1', '2', 'UA')).not.toBe(visitorHash(salt, 'ws', '12', 'UA'));
    expect(h).not.toContain('203');
  });
  it('ua_hash is salted too', () => {
    expect(uaHash(salt, 'UA')).toMatch(/^[0-9a-f]{32}$/);
    expect(uaHash(salt, 'UA')).not.toBe(uaHash(other, 'UA'));
  });
});
