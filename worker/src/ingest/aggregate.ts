import { ROLLUP_DIMENSIONS, ROLLUP_DIMENSION_NAMES } from '@linkhub/shared/analytics/rollup-dimensions';
import type { ClickRow } from './click-row';

/** One hourly rollup increment (the key is the table's primary key). */
export type RollupIncrement = {
  workspace_id: string;
  resource_id: string;
  resource_type: 'link' | 'qr_code' | 'bio_page';
  bucket_start: string;
  dimension: string;
  value: string;
  clicks: number;
  scans: number;
  page_views: number;
  bot_events: number;
};

export type UniqueVisitorDay = { workspace_id: string; resource_id: string; event_date: string; visitor_hash: string };

export type TouchedResource = { workspace_id: string; resource_id: string; resource_type: 'link' | 'qr_code' | 'bio_page' };

export type BatchAggregate = {
  rollups: RollupIncrement[];
  uniques: UniqueVisitorDay[];
  touched: TouchedResource[];
};

/** The resource a row is counted under: a bio block click counts for its page (dimension `block` names the block). */
export function rollupResource(row: ClickRow): TouchedResource {
  if (row.resource_type === 'bio_block') {
    return { workspace_id: row.workspace_id, resource_id: row.parent_resource_id ?? row.resource_id, resource_type: 'bio_page' };
  }
  return { workspace_id: row.workspace_id, resource_id: row.resource_id, resource_type: row.resource_type };
}

function hourStart(at: Date): string {
  const d = new Date(at.getTime());
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
}

/**
 * Folds the rows one batch actually inserted into hourly increments (every dimension of
 * ROLLUP_DIMENSIONS with a known value; `all` always) and unique-visitor-day rows (humans only). Sorted by key, so concurrent
 * consumers upsert in the same order and cannot deadlock.
 */
export function aggregateBatch(rows: readonly ClickRow[]): BatchAggregate {
  const rollups = new Map<string, RollupIncrement>();
  const uniques = new Map<string, UniqueVisitorDay>();
  const touched = new Map<string, TouchedResource>();
  for (const row of rows) {
    const target = rollupResource(row);
    touched.set(target.resource_id, target);
    const bucket = hourStart(row.occurred_at);
    for (const dimension of ROLLUP_DIMENSION_NAMES) {
      const value = ROLLUP_DIMENSIONS[dimension].of(row);
      // unknown values are not stored: "unknown" = the `all` row minus the known values
      if (value === '' && dimension !== 'all') continue;
      const key = `${target.workspace_id}|${target.resource_id}|${bucket}|${dimension}|${value}`;
      let inc = rollups.get(key);
      if (!inc) {
        inc = { ...target, bucket_start: bucket, dimension, value, clicks: 0, scans: 0, page_views: 0, bot_events: 0 };
        rollups.set(key, inc);
      }
      if (row.is_bot) inc.bot_events += 1;
      else if (row.event_type === 'click') inc.clicks += 1;
      else if (row.event_type === 'scan') inc.scans += 1;
      else inc.page_views += 1;
    }
    if (!row.is_bot) {
      const eventDate = row.occurred_at.toISOString().slice(0, 10);
      const key = `${target.resource_id}|${eventDate}|${row.visitor_hash}`;
      uniques.set(key, { workspace_id: target.workspace_id, resource_id: target.resource_id, event_date: eventDate, visitor_hash: row.visitor_hash });
    }
  }
  const sorted = <T>(map: Map<string, T>): T[] => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return { rollups: sorted(rollups), uniques: sorted(uniques), touched: sorted(touched) };
}
