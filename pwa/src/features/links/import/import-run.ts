import { ApiError } from '../../../api/api';
import { codeSentence } from '../../../ui/error-messages';
import { BULK_MAX_LINKS, type BulkResult } from './bulk-api';
import type { ReadyRow, RefusedRow } from './csv-rows';
import { itemSentence } from './import-report';

/** Under the server's 256 KiB body limit, with room for the envelope around the links. */
export const CHUNK_BYTES = 192 * 1024;
/** How often one batch is retried after a 429 before the import stops and offers to resume. */
const RATE_LIMIT_RETRIES = 3;
const DEFAULT_RETRY_SECONDS = 10;

/** One request: its rows and the idempotency key it keeps across retries and resumes. */
export type Chunk = { key: string; rows: readonly ReadyRow[] };
/** Where an import is: `next` is the first batch not yet answered. */
export type ImportRun = {
  chunks: readonly Chunk[];
  next: number;
  created: number;
  failed: readonly RefusedRow[];
};

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
  next: 0,
  created: 0,
  failed: [],
});

/** A batch's answer folded into the run: created links counted, failed items (and any the answer left out) named by their row. */
export function afterAnswer(run: ImportRun, results: readonly BulkResult[]): ImportRun {
  const rows = run.chunks[run.next]?.rows ?? [];
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
  rows.forEach(({ row }, index) => {
    if (!answered.has(index)) failed.push({ row, message: codeSentence('unexpected_response') });
  });
  return { ...run, next: run.next + 1, created: run.created + created, failed: [...run.failed, ...failed] };
}

type Hooks = {
  send: (chunk: Chunk) => Promise<BulkResult[]>;
  onProgress: (run: ImportRun) => void;
  /** Checked between batches: true ends the run where it is (it can be resumed). */
  stopped: () => boolean;
  wait: (ms: number) => Promise<void>;
};

/**
 * Sends the batches in order from `run.next`, one at a time. A 429 waits and resends the same batch;
 * any other failure (offline, signed out, server error) ends the run with that error, to be resumed
 * later with the same keys so a batch the server did take is not created twice.
 */
export async function runImport(start: ImportRun, hooks: Hooks): Promise<{ run: ImportRun; error: unknown }> {
  let run = start;
  let retries = 0;
  while (run.next < run.chunks.length && !hooks.stopped()) {
    const chunk = run.chunks[run.next];
    if (chunk === undefined) break;
    try {
      run = afterAnswer(run, await hooks.send(chunk));
      retries = 0;
      hooks.onProgress(run);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 429) || retries >= RATE_LIMIT_RETRIES)
        return { run, error };
      retries += 1;
      const seconds =
        error.details.find((d) => d.retry_after_seconds !== undefined)?.retry_after_seconds ??
        DEFAULT_RETRY_SECONDS;
      await hooks.wait(seconds * 1000);
    }
  }
  return { run, error: null };
}
