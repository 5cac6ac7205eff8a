import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { RUN_BATCH_VERSION } from '@linkhub/shared/analytics/run-batch';
import type { RunBatch } from './event-line';

/**
 * A batch whose XADD failed after it was sent (the connection dropped, or a Redis Cluster master
 * died mid-reply): Redis may or may not have appended it. Sending it again blindly could count its
 * clicks twice; dropping it could lose them. So before it is sent again, the stream is read from a
 * little before the first attempt, and a batch already there is settled as captured (D-362).
 */
export type UnsettledBatch = { readonly batch: RunBatch; readonly firstSentAt: number };

const BATCH_VERSION = String(RUN_BATCH_VERSION);

/**
 * Stream entry ids carry the Redis server's clock: read from this long before our own clock's
 * first attempt, so a server clock a little behind ours is still covered.
 */
const CLOCK_SLACK_MS = 5_000;
/** At most this many entries are read (a few seconds of every edge's batches). */
const LOOKBACK_ENTRIES = 20_000;

/** The XADD fields of a batch (shared/src/analytics/run-batch.ts's layout). */
export function batchFields(batch: RunBatch): Array<string | Buffer> {
  return ['v', BATCH_VERSION, 't', String(batch.base), 'r', batch.runs, 'e', batch.lines];
}

function sameBatch(fields: readonly Buffer[], batch: RunBatch): boolean {
  const [, version, , base, , runs, , lines] = fields;
  return (
    fields.length === 8 &&
    version?.toString() === BATCH_VERSION &&
    base?.toString() === String(batch.base) &&
    runs?.equals(batch.runs) === true &&
    lines?.equals(batch.lines) === true
  );
}

/** True when the stream already holds this very batch (appended by an attempt whose reply was lost). */
export async function alreadyAppended(
  redis: RedisClient,
  stream: string,
  unsettled: UnsettledBatch,
): Promise<boolean> {
  const from = String(Math.max(0, unsettled.firstSentAt - CLOCK_SLACK_MS));
  const entries = await redis.xrangeBuffer(stream, from, '+', 'COUNT', LOOKBACK_ENTRIES);
  return entries.some(([, fields]) => sameBatch(fields, unsettled.batch));
}
