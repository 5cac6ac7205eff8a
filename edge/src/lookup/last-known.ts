import { BoundedMemo } from '@linkhub/shared/cache/bounded-memo';
import type { RedirectPayload } from '@linkhub/shared/cache/payload';

/**
 * The in-process last-known copy of every payload this instance served (docs/product-rules.md#qr-fallback-chain, QR rung 4's
 * safety net): when Redis and PostgreSQL are both unreachable, a QR code this instance has seen
 * keeps resolving. It doubles as a parse memo: a cache hit whose raw JSON is unchanged reuses the
 * parsed payload instead of validating it again.
 */
export type LastKnownEntry = { raw: string | null; payload: RedirectPayload };

/** `capacity` 40,000: a two-generation memo always holds at least the 20,000 most recently served. */
export function createLastKnown(capacity = 40_000): BoundedMemo<string, LastKnownEntry> {
  return new BoundedMemo<string, LastKnownEntry>(capacity);
}

export function lastKnownKey(host: string, slug: string): string {
  return `${host}\n${slug}`;
}
