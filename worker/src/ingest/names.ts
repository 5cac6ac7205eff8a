export { INGEST_GROUP } from '@linkhub/shared/server/analytics/ingest-health';

/**
 * The dead-letter list of events the ingest refused (a JSON entry each: stream id, reason, fields,
 * refused_at), newest first, capped. The stream carries no raw IP or User-Agent, so neither does this.
 * TODO(keys owner): move into shared/src/cache/keys.ts KEY_FAMILIES as `clicksDeadLetter`.
 */
export function clicksDeadLetterKey(prefix: string): string {
  return `${prefix}clicks:dead`;
}
export const DEAD_LETTER_MAX = 100_000;

/** An entry delivered more often than this (its batch keeps failing) is dead-lettered and acked, never retried forever. */
export const MAX_DELIVERIES = 5;
