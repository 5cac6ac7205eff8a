import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Outbound webhook signatures: HMAC-SHA256 over `{timestamp}.{raw body}` with the
 * endpoint's secret, sent as `LinkHub-Signature: t={unix seconds},v1={hex}`; while a rotated
 * secret's overlap window lasts, one `v1=` per live secret (the receiver accepts any one). A
 * receiver checks the signature over the raw bytes and refuses timestamps older than a few minutes.
 */
export const SIGNATURE_HEADER = 'LinkHub-Signature';
export const EVENT_ID_HEADER = 'LinkHub-Event-Id';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function signPayload(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** The header value for a body signed with every live secret (current first). */
export function signatureHeader(secrets: readonly string[], timestamp: number, rawBody: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signPayload(s, timestamp, rawBody)}`)].join(',');
}

/** A receiver's check: one of the `v1` signatures matches and the timestamp is recent. */
export function verifySignature(
  header: string,
  secret: string,
  rawBody: string,
  nowSeconds: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((p) => p.trim());
  const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signPayload(secret, t, rawBody), 'hex');
  return parts
    .filter((p) => p.startsWith('v1='))
    .some((p) => {
      const given = Buffer.from(p.slice(3), 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
