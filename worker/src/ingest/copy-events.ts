import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { uuidv7 } from '@linkhub/shared/db/ids';
import type { ClickRow } from './click-row';
import { copyBytea, copyTextLine } from './copy-text';

const COLUMNS = [
  'id', 'stream_message_id', 'occurred_at', 'event_type', 'workspace_id', 'resource_type', 'resource_id', 'parent_resource_id',
  'visitor_hash', 'ua_hash', 'country_code', 'region_code', 'device_type', 'os_family', 'browser_family', 'referrer_host',
  'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'variant_id', 'fallback_stage', 'is_bot',
] as const;


function line(row: ClickRow): string {
  return copyTextLine([
    uuidv7(),
    row.stream_message_id,
    row.occurred_at.toISOString(),
    row.event_type,
    row.workspace_id,
    row.resource_type,
    row.resource_id,
    row.parent_resource_id,
    copyBytea(row.visitor_hash),
    copyBytea(row.ua_hash),
    row.country_code,
    row.region_code,
    row.device_type,
    row.os_family,
    row.browser_family,
    row.referrer_host,
    row.utm_source,
    row.utm_medium,
    row.utm_campaign,
    row.utm_term,
    row.utm_content,
    row.variant_id,
    row.fallback_stage,
    row.is_bot,
  ]);
}

/**
 * COPYs rows into click_events on the caller's connection (inside its transaction). Every row must
 * be new: a stream message id already stored fails the whole COPY with a unique violation (23505),
 * which the caller answers with the conflict-skipping INSERT. `table`: another table of the same
 * columns (benchmarks).
 */
export async function copyEvents(client: pg.PoolClient, rows: readonly ClickRow[], table = 'click_events'): Promise<void> {
  if (rows.length === 0) return;
  let text = '';
  for (const row of rows) text += line(row);
  await pipeline(Readable.from([text]), client.query(copyFrom(`COPY ${table} (${COLUMNS.join(', ')}) FROM STDIN (FORMAT text)`)));
}
