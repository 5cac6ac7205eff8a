import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ClickRow } from './click-row';
import { CopyBinaryWriter } from './copy-binary';

const COLUMNS = [
  'id',
  'occurred_at',
  'event_type',
  'workspace_id',
  'resource_type',
  'resource_id',
  'parent_resource_id',
  'visitor_hash',
  'ua_hash',
  'country_code',
  'region_code',
  'device_type',
  'os_family',
  'browser_family',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'variant_id',
  'fallback_stage',
  'is_bot',
  'language',
] as const;

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
    client.query(copyFrom(`COPY ${table} (${COLUMNS.join(', ')}) FROM STDIN (FORMAT binary)`)),
  );
}
