import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ClickRow } from './click-row';
import { copyField } from './copy-text';
import { createEventIds } from './event-ids';

const COLUMNS = [
  'id',
  'stream_message_id',
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

const nextId = createEventIds();
const nullable = (value: string | null): string => (value === null ? '\\N' : copyField(value));

/**
 * One COPY text line, built directly: ids, times, hashes and enum values are validated and never
 * need escaping (toClickRow checked them); free text goes through copyField.
 */
function line(row: ClickRow, now: number): string {
  return `${nextId(now)}\t${copyField(row.stream_message_id)}\t${row.occurred_at.toISOString()}\t${row.event_type}\t${row.workspace_id}\t${row.resource_type}\t${row.resource_id}\t${row.parent_resource_id ?? '\\N'}\t\\\\x${row.visitor_hash}\t\\\\x${row.ua_hash}\t${row.country_code ?? '\\N'}\t${nullable(row.region_code)}\t${nullable(row.device_type)}\t${nullable(row.os_family)}\t${nullable(row.browser_family)}\t${nullable(row.referrer_host)}\t${nullable(row.utm_source)}\t${nullable(row.utm_medium)}\t${nullable(row.utm_campaign)}\t${nullable(row.utm_term)}\t${nullable(row.utm_content)}\t${row.variant_id ?? '\\N'}\t${row.fallback_stage ?? '\\N'}\t${row.is_bot ? 't' : 'f'}\t${row.language ?? '\\N'}\n`;
}

/**
 * COPYs rows into click_events on the caller's connection (inside its transaction). Every row must
 * be new: a stream message id already stored fails the whole COPY with a unique violation (23505),
 * which the caller answers with the conflict-skipping INSERT. `table`: another table of the same
 * columns (benchmarks).
 */
export async function copyEvents(
  client: pg.PoolClient,
  rows: readonly ClickRow[],
  table = 'click_events',
): Promise<void> {
  if (rows.length === 0) return;
  const now = Date.now();
  let text = '';
  for (const row of rows) text += line(row, now);
  await pipeline(
    Readable.from([text]),
    client.query(copyFrom(`COPY ${table} (${COLUMNS.join(', ')}) FROM STDIN (FORMAT text)`)),
  );
}
