import { createHash, randomBytes } from 'node:crypto';
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

describe('visitorHash bytes', () => {
  // The definition, written the slow way: what every hash already on the stream was computed with.
  const reference = (s: Buffer, ws: string, ip: string, ua: string) =>
    createHash('sha256')
      .update(s)
      .update(ws)
      .update('\0')
      .update(ip)
      .update('\0')
      .update(ua)
      .digest('hex')
      .slice(0, 32);
  const referenceUa = (s: Buffer, ua: string) =>
    createHash('sha256').update(s).update('\0ua\0').update(ua).digest('hex').slice(0, 32);

  it('equals SHA-256(salt ‖ workspace ‖ NUL ‖ ip ‖ NUL ‖ UA) for any mix of inputs, long and non-ASCII ones too', () => {
    const uas = [
      '',
      'curl/8',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1',
      'Agent é ü 漢字 😀',
      'x'.repeat(9000),
    ];
    const cases: Array<[Buffer, string, string, string]> = [];
    for (const s of [salt, other, randomBytes(32)])
      for (const ws of ['ws', 'ws2', '0193a8b2-1c2d-7e3f-8a9b-0c1d2e3f4a5b', 'é-space'])
        for (const ip of ['203.0.113.9', '2a02:1:2::3', ''])
          for (const ua of uas) cases.push([s, ws, ip, ua]);
    for (const [s, ws, ip, ua] of cases) {
      expect(visitorHash(s, ws, ip, ua)).toBe(reference(s, ws, ip, ua));
      expect(uaHash(s, ua)).toBe(referenceUa(s, ua));
    }
  });
});
