import { INGEST_GROUP } from '@linkhub/shared/server/analytics/ingest-health';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import type { WorkerDeps } from '../deps';
import { entryIdParts, firstEntryId, type EntryIdParts } from '../ingest/stream-entries';

type Redis = Pick<WorkerDeps['redis'], 'call'>;

const msOf = (id: EntryIdParts | null): number | null => (id === null ? null : Number(id.ms));

function fieldOf(info: readonly unknown[], name: string): unknown {
  const at = info.indexOf(name);
  return at >= 0 ? info[at + 1] : undefined;
}

/**
 * The capture time (Redis' clock, in ms) of the oldest `clicks:raw` entry not yet stored in
 * PostgreSQL: the first one the ingest group has not read, or the oldest it read but has not
 * acknowledged; null when every entry is stored (or there is no stream). Hours from there on are
 * not closed for the cube, whatever the wall clock says.
 */
export async function oldestUnstoredMs(redis: Redis, prefix: string): Promise<number | null> {
  const stream = clicksStreamKey(prefix);
  let groups: unknown;
  try {
    groups = await redis.call('XINFO', 'GROUPS', stream);
  } catch {
    return null; // no stream: nothing captured, nothing waiting
  }
  const group = Array.isArray(groups)
    ? groups.find((g): g is unknown[] => Array.isArray(g) && fieldOf(g, 'name') === INGEST_GROUP)
    : undefined;
  if (group === undefined)
    return msOf(firstEntryId(await redis.call('XRANGE', stream, '-', '+', 'COUNT', '1')));
  const lastDelivered = fieldOf(group, 'last-delivered-id');
  const unread =
    typeof lastDelivered === 'string'
      ? msOf(firstEntryId(await redis.call('XRANGE', stream, `(${lastDelivered}`, '+', 'COUNT', '1')))
      : null;
  const pending: unknown = await redis.call('XPENDING', stream, INGEST_GROUP);
  const oldestPending = Array.isArray(pending) ? msOf(entryIdParts(pending[1])) : null;
  const known = [unread, oldestPending].filter((v): v is number => v !== null);
  return known.length === 0 ? null : Math.min(...known);
}
