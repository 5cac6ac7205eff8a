import { MemoryLru } from '@linkhub/shared/cache/memory-lru';
import type { RedirectPayload } from '@linkhub/shared/cache/payload';

/**
 * The in-process last-known copy of every payload this instance served (DESIGN §6, QR rung 4's
 * safety net): when Redis and PostgreSQL are both unreachable, a QR code this instance has seen
 * keeps resolving. It doubles as a parse memo: a cache hit whose raw JSON is unchanged reuses the
 * parsed payload instead of validating it again.
 */
export type LastKnownEntry = { raw: string | null; payload: RedirectPayload };

export function createLastKnown(capacity = 20_000): MemoryLru<string, LastKnownEntry> {
  return new MemoryLru<string, LastKnownEntry>(capacity);
}

export function lastKnownKey(host: string, slug: string): string {
  return `${host}\n${slug}`;
}
