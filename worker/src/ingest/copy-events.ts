import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { EVENT_COLUMNS } from '@linkhub/shared/analytics/event-fields';
import { from as copyFrom } from 'pg-copy-streams';
import type { ClickRow } from './click-row';
import { CopyBinaryWriter } from './copy-binary';

/** The row id, then each event field's column (event-fields.ts, D-550): the order CopyBinaryWriter writes a row in. */
export const COPY_COLUMNS = ['id', ...EVENT_COLUMNS];

const writer = new CopyBinaryWriter();

/**
 * COPYs rows into click_events on the caller's connection (inside its transaction). The table has no
 * key: the caller stores only the rows of entries it has just claimed in the ledger (write-batch.ts).
 * `table`: another table of the same columns (benchmarks).
 */
export async function copyEvents(
  client: pg.PoolClient,
  rows: readonly ClickRow[],
  table = 'click_events',
): Promise<void> {
  if (rows.length === 0) return;
  const bytes = writer.write(rows, Date.now());
  await pipeline(
    Readable.from([bytes]),
    client.query(copyFrom(`COPY ${table} (${COPY_COLUMNS.join(', ')}) FROM STDIN (FORMAT binary)`)),
  );
}
