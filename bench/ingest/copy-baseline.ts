import type pg from 'pg';
import type { Redis } from 'ioredis';
import { parseStreamEntry } from '@linkhub/shared/analytics/event';
import { toClickRow, type ClickRow } from '../../worker/src/ingest/click-row';
import { copyEvents } from '../../worker/src/ingest/copy-events';
import { parseEntries } from '../../worker/src/ingest/stream-entries';

/**
 * The same-run baseline of the ingest benchmark: the first `events` entries of the stream read back
 * in batches of 1,000 (XRANGE, no consumer group, no ack), parsed and validated exactly like the
 * ingest, then only COPYed into a table shaped like click_events (same columns and indexes, one
 * table instead of day partitions), one transaction per batch, no rollups. Returns seconds.
 */
export async function copyBaseline(
  pool: pg.Pool,
  redis: Redis,
  stream: string,
  events: number,
): Promise<number> {
  await pool.query('CREATE TABLE bench_baseline_events (LIKE click_events INCLUDING ALL)');
  const client = await pool.connect();
  const started = performance.now();
  try {
    let start = '-';
    let read = 0;
    let entriesPerRead = 1000;
    while (read < events) {
      // about 1,000 events per read, as the ingest sizes its reads (entries of one event, or the edge's full batch entries)
      const entries = parseEntries(
        await redis.call('XRANGE', stream, start, '+', 'COUNT', String(entriesPerRead)),
      );
      const last = entries[entries.length - 1];
      if (!last) break;
      start = `(${last.id}`;
      const rows: ClickRow[] = [];
      let mostEvents = 1;
      for (const entry of entries) {
        const events = parseStreamEntry(entry.id, entry.fields ?? []);
        mostEvents = Math.max(mostEvents, events.length);
        for (const { key, parsed } of events) {
          if (!parsed.ok) continue;
          const row = toClickRow(key, parsed.event);
          if (row.ok) rows.push(row.row);
        }
      }
      read += rows.length;
      entriesPerRead = Math.max(1, Math.floor(1000 / mostEvents));
      await client.query('BEGIN');
      await copyEvents(client, rows, 'bench_baseline_events');
      await client.query('COMMIT');
    }
    return (performance.now() - started) / 1000;
  } finally {
    client.release();
  }
}
