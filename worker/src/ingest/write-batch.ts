import type pg from 'pg';
import { pgErrorInfo } from '@linkhub/shared/server/db/errors';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { aggregateBatch, type TouchedResource, type UniqueVisitorDay } from './aggregate';
import type { ClickRow } from './click-row';
import { copyEvents } from './copy-events';
import { rollupStatements } from './rollup-sql';
import type { SerialLane } from './serial-lane';
import type { SeenVisitorDays } from './seen-visitor-days';
import { entryIdParts } from './stream-entries';

/** A `clicks:raw` entry (`{ms}-{seq}`, as Redis made it) and the rows of it that passed the parse. */
export type EntryRows = { readonly id: string; readonly rows: readonly ClickRow[] };

export type BatchWriteResult = { inserted: number; duplicates: number; touched: TouchedResource[] };

export type WriteBatchOptions = {
  /** Visitor days known to be stored: skipped, and the batch's own added once it commits. */
  seen?: SeenVisitorDays;
  /** The rollup upsert + COMMIT run through this lane (the other consumers of the process use the same one). */
  lane?: SerialLane;
};

/** A value PostgreSQL refused as data (class 22 or 23): the row, not the connection, is at fault. */
export function isDataError(error: unknown): boolean {
  const sqlState = pgErrorInfo(error)?.sqlState;
  return sqlState !== undefined && /^2[23]/.test(sqlState);
}

const CLAIM_ENTRIES = `
INSERT INTO ingest_stream_entries (entry_ms, entry_seq)
SELECT ms, seq FROM unnest($1::bigint[], $2::bigint[]) AS e(ms, seq) ORDER BY ms, seq
ON CONFLICT DO NOTHING
RETURNING entry_ms, entry_seq`;

/**
 * Records the entries in the ledger (in id order, so consumers claiming the same entries cannot
 * deadlock) and returns those it did not hold: an entry stored before (redelivered after a crash
 * between COMMIT and XACK, or a rewound group) is left out whole. Each id is returned once.
 */
async function claimEntries(client: pg.PoolClient, entries: readonly EntryRows[]): Promise<EntryRows[]> {
  const ms: string[] = [];
  const seq: string[] = [];
  for (const entry of entries) {
    const parts = entryIdParts(entry.id);
    if (parts === null) throw new Error(`not a stream entry id: ${JSON.stringify(entry.id)}`);
    ms.push(parts.ms);
    seq.push(parts.seq);
  }
  const claimed = await client.query<{ entry_ms: string; entry_seq: string }>({
    name: 'ingest_claim_entries',
    text: CLAIM_ENTRIES,
    values: [ms, seq],
  });
  const unclaimed = new Set(claimed.rows.map((r) => `${r.entry_ms}-${r.entry_seq}`));
  return entries.filter((entry) => unclaimed.delete(entry.id));
}

function rowsOf(entries: readonly EntryRows[]): ClickRow[] {
  const rows: ClickRow[] = [];
  for (const entry of entries) for (const row of entry.rows) rows.push(row);
  return rows;
}

const rowCount = (entries: readonly EntryRows[]) => entries.reduce((n, e) => n + e.rows.length, 0);

type Added = { touched: TouchedResource[]; visitorDays: UniqueVisitorDay[] };

/** Adds the stored rows to the hourly rollups and unique-visitor days (those not seen committed before), and commits. */
async function addToRollupsAndCommit(
  client: pg.PoolClient,
  rows: readonly ClickRow[],
  options: WriteBatchOptions,
): Promise<Added> {
  const { rollups, touched, uniques } = aggregateBatch(rows, options.seen);
  // the increments, the visitor days and the COMMIT in one message
  const text = [...rollupStatements(rollups, uniques), 'COMMIT'].join(';\n');
  await (options.lane ? options.lane(() => client.query(text)) : client.query(text));
  return { touched, visitorDays: uniques };
}

/** The rollup message ends with the COMMIT (one round trip). */
const COMMITS_ITSELF = { commitsItself: true } as const;

/**
 * One batch of entries in one transaction: claim the entries in the ledger, COPY the rows of those
 * not stored before, add exactly those rows to the hourly rollups and unique-visitor days, commit.
 * A batch written but not acked is therefore harmless to write again. The day partitions must exist
 * (PartitionCache.ensure). A value the database refuses fails the whole batch (see writeEntryRowByRow).
 */
export async function writeBatch(
  pool: pg.Pool,
  entries: readonly EntryRows[],
  options: WriteBatchOptions = {},
): Promise<BatchWriteResult> {
  const total = rowCount(entries);
  if (total === 0) return { inserted: 0, duplicates: 0, touched: [] };
  const { inserted, added } = await withTransaction(
    pool,
    async (client) => {
      const rows = rowsOf(await claimEntries(client, entries));
      await copyEvents(client, rows);
      return { inserted: rows.length, added: await addToRollupsAndCommit(client, rows, options) };
    },
    COMMITS_ITSELF,
  );
  options.seen?.addAll(added.visitorDays);
  return { inserted, duplicates: total - inserted, touched: added.touched };
}

export type RefusedRow = { row: ClickRow; error: unknown };

/**
 * One entry in one transaction, each row under its own savepoint: a row the database refuses as data
 * is rolled back alone and returned with its error, the others are stored and counted, and the entry
 * is claimed in the ledger with them. An entry stored before is skipped whole. The whole transaction
 * runs in the lane: its rollup rows stay locked from the first row to the COMMIT.
 */
export async function writeEntryRowByRow(
  pool: pg.Pool,
  entry: EntryRows,
  options: WriteBatchOptions = {},
): Promise<BatchWriteResult & { refused: RefusedRow[] }> {
  const refused: RefusedRow[] = [];
  const kept: ClickRow[] = [];
  const write = () =>
    withTransaction(pool, async (client) => {
      const [fresh] = await claimEntries(client, [entry]);
      for (const row of fresh?.rows ?? []) {
        await client.query('SAVEPOINT one_row');
        try {
          await copyEvents(client, [row]);
          const { rollups, uniques } = aggregateBatch([row], options.seen);
          const statements = rollupStatements(rollups, uniques);
          if (statements.length > 0) await client.query(statements.join(';\n'));
          await client.query('RELEASE SAVEPOINT one_row');
          kept.push(row);
        } catch (error) {
          if (!isDataError(error)) throw error;
          await client.query('ROLLBACK TO SAVEPOINT one_row');
          refused.push({ row, error });
        }
      }
    });
  await (options.lane ? options.lane(write) : write());
  const { touched, uniques } = aggregateBatch(kept, options.seen);
  options.seen?.addAll(uniques);
  return {
    inserted: kept.length,
    duplicates: entry.rows.length - kept.length - refused.length,
    touched,
    refused,
  };
}
