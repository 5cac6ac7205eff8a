import { describe, expect, it } from 'vitest';
import { signatureHeader, signPayload, verifySignature } from './signature';

describe('webhook signatures', () => {
  const body = '{"id":"e1","type":"lead.created"}';
  it('is HMAC-SHA256 over "{timestamp}.{raw body}", sent with the timestamp', () => {
    const header = signatureHeader(['whsec_a'], 1_700_000_000, body);
    expect(header).toBe(`t=1700000000,v1=${signPayload('whsec_a', 1_700_000_000, body)}`);
    expect(signPayload('whsec_a', 1_700_000_000, body)).toMatch(/^[0-9a-f]{64}$/);
    expect(verifySignature(header, 'whsec_a', body, 1_700_000_100)).toBe(true);
  });
  it('refuses another secret, a changed body, an old timestamp; accepts either secret during a rotation overlap', () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], 1_700_000_000, body);
    expect(verifySignature(header, 'whsec_old', body, 1_700_000_000)).toBe(true);
    expect(verifySignature(header, 'whsec_new', body, 1_700_000_000)).toBe(true);
    expect(verifySignature(header, 'whsec_other', body, 1_700_000_000)).toBe(false);
    expect(verifySignature(header, 'whsec_new', `${body} `, 1_700_000_000)).toBe(false);
    expect(verifySignature(header, 'whsec_new', body, 1_700_001_000)).toBe(false);
    expect(verifySignature('v1=zz,t=x', 'whsec_new', body, 1_700_000_000)).toBe(false);
  });
});
