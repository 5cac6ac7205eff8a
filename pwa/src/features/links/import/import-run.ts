import { ApiError } from '../../../api/api-error';
import { codeSentence } from '../../../ui/error-messages';
import { BULK_MAX_LINKS, type BulkResult } from './bulk-results';
import type { ReadyRow, RefusedRow } from './csv-rows';
import { itemSentence } from './import-report';

/** Under the server's 256 KiB body limit, with room for the envelope around the links. */
export const CHUNK_BYTES = 192 * 1024;
/** How often one batch is retried after a 429 before the import stops and offers to resume. */
const RATE_LIMIT_RETRIES = 3;
const DEFAULT_RETRY_SECONDS = 10;

/** One request: its rows and the idempotency key it keeps across retries and resumes. */
export type Chunk = { key: string; rows: readonly ReadyRow[] };
/** Where an import is: which batches the server answered (by index), and what they did. */
export type ImportRun = {
  chunks: readonly Chunk[];
  answered: readonly number[];
  created: number;
  failed: readonly RefusedRow[];
};

/**
 * Batches in flight at once. The server takes them side by side (its plan-limit count is locked
 * per workspace), and a second and third batch keep it busy while one answer travels back: a
 * 5,000-row file imports in well under half the time of one batch at a time (bench/api).
 */
export const IMPORT_LANES = 3;

const bytesOf = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length + 1;

/** The rows in request-sized batches: at most 100 links, and fewer when long addresses would pass the body limit. */
export function chunksOf(rows: readonly ReadyRow[], newKey: () => string): Chunk[] {
  const chunks: Chunk[] = [];
  let current: ReadyRow[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = bytesOf(row.link);
    if (current.length === BULK_MAX_LINKS || (current.length > 0 && bytes + size > CHUNK_BYTES)) {
      chunks.push({ key: newKey(), rows: current });
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push({ key: newKey(), rows: current });
  return chunks;
}

export const startRun = (chunks: readonly Chunk[]): ImportRun => ({
  chunks,
  answered: [],
  created: 0,
  failed: [],
});

/** Batches the server has not answered yet, in file order. */
export const unanswered = (run: ImportRun): number[] =>
  run.chunks.map((_, index) => index).filter((index) => !run.answered.includes(index));

/** Rows of the answered batches (the progress bar's "sent"). */
export const answeredRows = (run: ImportRun): number =>
  run.answered.reduce((n, index) => n + (run.chunks[index]?.rows.length ?? 0), 0);

/** Batch `index`'s answer folded into the run: created links counted, failed items (and any the answer left out) named by their row. */
export function afterAnswer(run: ImportRun, index: number, results: readonly BulkResult[]): ImportRun {
  if (run.answered.includes(index)) return run;
  const rows = run.chunks[index]?.rows ?? [];
  let created = 0;
  const failed: RefusedRow[] = [];
  const answered = new Set<number>();
  for (const result of results) {
    const row = rows[result.index]?.row;
    if (row === undefined || answered.has(result.index)) continue;
    answered.add(result.index);
    if (result.status === 'created') created += 1;
    else failed.push({ row, message: itemSentence(result.error) });
  }
  rows.forEach(({ row }, i) => {
    if (!answered.has(i)) failed.push({ row, message: codeSentence('unexpected_response') });
  });
  return {
    ...run,
    answered: [...run.answered, index],
    created: run.created + created,
    failed: [...run.failed, ...failed].sort((a, b) => a.row - b.row),
  };
}

type Hooks = {
  send: (chunk: Chunk) => Promise<BulkResult[]>;
  onProgress: (run: ImportRun) => void;
  /** Checked before each batch is sent: true ends the run once the batches in flight are answered (it can be resumed). */
  stopped: () => boolean;
  wait: (ms: number) => Promise<void>;
};

/**
 * Sends the unanswered batches in file order, `IMPORT_LANES` at a time. A 429 waits and resends the
 * same batch; any other failure (offline, signed out, server error) sends no further batch, lets
 * those in flight finish and ends the run with that error, to be resumed later with the same keys
 * so a batch the server did take is not created twice.
 */
export async function runImport(start: ImportRun, hooks: Hooks): Promise<{ run: ImportRun; error: unknown }> {
  let run = start;
  let error: unknown = null;
  const queue = unanswered(start);
  const sendWithRetries = async (chunk: Chunk): Promise<BulkResult[]> => {
    for (let retries = 0; ; retries += 1) {
      try {
        return await hooks.send(chunk);
      } catch (failure) {
        if (!(failure instanceof ApiError && failure.status === 429) || retries >= RATE_LIMIT_RETRIES)
          throw failure;
        const seconds =
          failure.details.find((d) => d.retry_after_seconds !== undefined)?.retry_after_seconds ??
          DEFAULT_RETRY_SECONDS;
        await hooks.wait(seconds * 1000);
      }
    }
  };
  const lane = async (): Promise<void> => {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      const chunk = run.chunks[index];
      if (chunk === undefined || error !== null || hooks.stopped()) return;
      try {
        const results = await sendWithRetries(chunk);
        run = afterAnswer(run, index, results);
        hooks.onProgress(run);
      } catch (failure) {
        error ??= failure;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_LANES, queue.length) }, lane));
  return { run, error };
}
