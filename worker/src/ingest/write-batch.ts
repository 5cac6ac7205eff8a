import type pg from 'pg';
import { withTransaction } from '@linkhub/shared/db/sql';
import { isUniqueViolation } from '@linkhub/shared/db/errors';
import { aggregateBatch, type TouchedResource, type UniqueVisitorDay } from './aggregate';
import type { ClickRow } from './click-row';
import { copyEvents } from './copy-events';
import { rollupStatements } from './rollup-sql';
import type { SerialLane } from './serial-lane';
import type { SeenVisitorDays } from './seen-visitor-days';

const INSERT_EVENTS = `
INSERT INTO click_events (stream_message_id, occurred_at, event_type, workspace_id, resource_type, resource_id,
  parent_resource_id, visitor_hash, ua_hash, country_code, region_code, device_type, os_family, browser_family,
  referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, variant_id, fallback_stage, is_bot, language)
SELECT m, o, et, w, rt, r, pr, decode(vh, 'hex'), decode(uh, 'hex'), cc, rc, dt, os, br, rh, us, um, uc, ut, un, va, fs, bot, lang
  FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::uuid[], $5::text[], $6::uuid[], $7::uuid[], $8::text[],
              $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[],
              $17::text[], $18::text[], $19::text[], $20::text[], $21::uuid[], $22::smallint[], $23::boolean[], $24::text[])
    AS t(m, o, et, w, rt, r, pr, vh, uh, cc, rc, dt, os, br, rh, us, um, uc, ut, un, va, fs, bot, lang)
ON CONFLICT (stream_message_id, occurred_at) DO NOTHING
RETURNING stream_message_id`;

export type BatchWriteResult = { inserted: number; duplicates: number; touched: TouchedResource[] };

/** Inserts the rows not stored yet (a redelivered message id is skipped); returns those inserted. */
async function insertNewEvents(client: pg.PoolClient, rows: readonly ClickRow[]): Promise<ClickRow[]> {
  const col = <T>(of: (row: ClickRow) => T): T[] => rows.map(of);
  const inserted = await client.query<{ stream_message_id: string }>({
    name: 'ingest_insert_events',
    text: INSERT_EVENTS,
    values: [
      col((r) => r.stream_message_id),
      col((r) => r.occurred_at),
      col((r) => r.subject.event_type),
      col((r) => r.subject.workspace_id),
      col((r) => r.subject.resource_type),
      col((r) => r.subject.resource_id),
      col((r) => r.subject.parent_resource_id),
      col((r) => r.visitor_hash),
      col((r) => r.ua_hash),
      col((r) => r.geo.country_code),
      col((r) => r.geo.region_code),
      col((r) => r.ua.device_type),
      col((r) => r.ua.os_family),
      col((r) => r.ua.browser_family),
      col((r) => r.referrer_host),
      col((r) => r.utm.utm_source),
      col((r) => r.utm.utm_medium),
      col((r) => r.utm.utm_campaign),
      col((r) => r.utm.utm_term),
      col((r) => r.utm.utm_content),
      col((r) => r.outcome.variant_id),
      col((r) => r.outcome.fallback_stage),
      col((r) => r.ua.is_bot),
      col((r) => r.language),
    ],
  });
  const fresh = new Set(inserted.rows.map((r) => r.stream_message_id));
  return rows.filter((r) => fresh.has(r.stream_message_id));
}

type Added = { touched: TouchedResource[]; visitorDays: UniqueVisitorDay[] };

/** Adds the inserted rows to the hourly rollups and unique-visitor days (those not seen committed before), and commits. */
async function addToRollupsAndCommit(
  client: pg.PoolClient,
  kept: readonly ClickRow[],
  options: WriteBatchOptions,
): Promise<Added> {
  const { seen } = options;
  const { rollups, touched, uniques } = aggregateBatch(kept, seen);
  // the increments, the visitor days and the COMMIT in one message
  const text = [...rollupStatements(rollups, uniques), 'COMMIT'].join(';\n');
  await (options.lane ? options.lane(() => client.query(text)) : client.query(text));
  return { touched, visitorDays: uniques };
}

export type WriteBatchOptions = {
  /**
   * The entries were read as new (`XREADGROUP … >`), never delivered before, so none can be stored
   * yet: the rows are COPYed. Should one be stored all the same (a group rewound), the unique
   * (stream_message_id, occurred_at) refuses the COPY and the batch is written the redelivery way.
   */
  fresh?: boolean;
  /** Visitor days known to be stored: skipped, and the batch's own added once it commits. */
  seen?: SeenVisitorDays;
  /** The rollup upsert + COMMIT run through this lane (the other consumers of the process use the same one). */
  lane?: SerialLane;
};

/**
 * One batch in one transaction: insert the events, then add only the rows actually inserted to the
 * hourly rollups and unique-visitor days. A redelivered message id is skipped by the unique
 * (stream_message_id, occurred_at), so a batch written but not acked is harmless to write again.
 * The day partitions must exist (PartitionCache.ensure).
 */
/** The rollup message ends with the COMMIT (one round trip). */
const COMMITS_ITSELF = { commitsItself: true } as const;

export async function writeBatch(
  pool: pg.Pool,
  rows: readonly ClickRow[],
  options: WriteBatchOptions = {},
): Promise<BatchWriteResult> {
  if (rows.length === 0) return { inserted: 0, duplicates: 0, touched: [] };
  const committed = (inserted: number, added: Added): BatchWriteResult => {
    options.seen?.addAll(added.visitorDays);
    return { inserted, duplicates: rows.length - inserted, touched: added.touched };
  };
  if (options.fresh === true) {
    try {
      const added = await withTransaction(
        pool,
        async (client) => {
          await copyEvents(client, rows);
          return addToRollupsAndCommit(client, rows, options);
        },
        COMMITS_ITSELF,
      );
      return committed(rows.length, added);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  const { kept, added } = await withTransaction(
    pool,
    async (client) => {
      const stored = await insertNewEvents(client, rows);
      return { kept: stored, added: await addToRollupsAndCommit(client, stored, options) };
    },
    COMMITS_ITSELF,
  );
  return committed(kept.length, added);
}
