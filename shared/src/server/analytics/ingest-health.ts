import type { RedisClient } from '../redis/client';
import { clicksStreamKey } from '../../cache/keys';

/** The consumer group of the analytics ingest on `clicks:raw` (docs/product-rules.md#analytics). */
export const INGEST_GROUP = 'ingest';

/** The oldest entry nobody has read yet may be this old before the ingest counts as stalled. */
export const INGEST_UNREAD_STALL_MS = 60_000;
/** A delivered entry may go this long without being acknowledged or delivered again (claimed). */
export const INGEST_PENDING_STALL_MS = 10 * 60_000;
/** Entries not yet delivered to the group: above this the ingest is falling behind the stream cap. */
export const INGEST_LAG_MAX_ENTRIES = 2_000;

export type IngestHealth = { ok: true } | { ok: false; reason: string };

/** A stream id's milliseconds (`1700000000000-3` → 1700000000000). */
function idMs(id: string): number {
  return Number(id.split('-')[0]);
}

function fieldOf(info: readonly unknown[], name: string): unknown {
  const at = info.indexOf(name);
  return at >= 0 ? info[at + 1] : undefined;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)} s`;
}

/**
 * Is the ingest consuming `clicks:raw`? Read from Redis alone, so the worker, sync-server and edge
 * answer the same: no stream is fine (nothing captured yet); entries without the group, an unread
 * entry older than INGEST_UNREAD_STALL_MS, a pending one older than INGEST_PENDING_STALL_MS or a lag
 * over INGEST_LAG_MAX_ENTRIES are a stall, with the reason. Ages use Redis' clock (stream ids are its time).
 */
export async function checkIngestHealth(redis: RedisClient, prefix: string): Promise<IngestHealth> {
  const stream = clicksStreamKey(prefix);
  const length = await redis.xlen(stream);
  if (length === 0) return { ok: true };
  const [secondsNow, micros] = await redis.time();
  const nowMs = Number(secondsNow) * 1000 + Math.floor(Number(micros) / 1000);
  const groups: unknown = await redis.call('XINFO', 'GROUPS', stream);
  const group = Array.isArray(groups)
    ? groups.find((g): g is unknown[] => Array.isArray(g) && fieldOf(g, 'name') === INGEST_GROUP)
    : undefined;
  if (group === undefined)
    return { ok: false, reason: `consumer group missing (${length} stream entries unread)` };

  const lag = fieldOf(group, 'lag');
  if (typeof lag === 'number' && lag > INGEST_LAG_MAX_ENTRIES) {
    return { ok: false, reason: `lag ${lag} entries (more than ${INGEST_LAG_MAX_ENTRIES})` };
  }
  const lastDelivered = fieldOf(group, 'last-delivered-id');
  if (typeof lastDelivered === 'string') {
    const next: unknown = await redis.call('XRANGE', stream, `(${lastDelivered}`, '+', 'COUNT', '1');
    const first = Array.isArray(next) && Array.isArray(next[0]) ? next[0][0] : undefined;
    if (typeof first === 'string' && nowMs - idMs(first) > INGEST_UNREAD_STALL_MS) {
      return { ok: false, reason: `stalled: the oldest unread entry is ${seconds(nowMs - idMs(first))} old` };
    }
  }
  // Idle = since the last delivery: a claim resets it, so only entries nobody retries stay idle this long.
  const stuck: unknown = await redis.call(
    'XPENDING',
    stream,
    INGEST_GROUP,
    'IDLE',
    String(INGEST_PENDING_STALL_MS),
    '-',
    '+',
    '1',
  );
  if (Array.isArray(stuck) && stuck.length > 0) {
    return {
      ok: false,
      reason: `stalled: entries delivered but unacknowledged for over ${seconds(INGEST_PENDING_STALL_MS)}`,
    };
  }
  return { ok: true };
}
