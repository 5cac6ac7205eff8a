import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { codeSentence } from '../../../ui/error-messages';
import type { BulkResult } from './bulk-results';
import type { ReadyRow } from './csv-rows';
import {
  afterAnswer,
  chunksOf,
  CHUNK_BYTES,
  IMPORT_LANES,
  runImport,
  startRun,
  unanswered,
  type Chunk,
} from './import-run';

const rows = (n: number, from = 2): ReadyRow[] =>
  Array.from({ length: n }, (_, i) => ({
    row: from + i,
    link: { destination_url: `https://a.example/${i}` },
  }));
let keys = 0;
const newKey = () => `key-${(keys += 1)}`;
const created = (index: number): BulkResult => ({
  index,
  status: 'created',
  link: { id: `id-${index}`, short_url: `https://lnk.test/${index}` },
});
const taken = (index: number): BulkResult => ({
  index,
  status: 'failed',
  error: { code: 'slug_taken', message: '', details: [{ field: 'slug', issue: 'taken' }] },
});
const allCreated = (chunk: Chunk) => Promise.resolve(chunk.rows.map((_, i) => created(i)));
const noWait = () => Promise.resolve();

describe('batches of an import', () => {
  it('are at most 100 links, each with its own idempotency key', () => {
    const chunks = chunksOf(rows(250), newKey);
    expect(chunks.map((c) => c.rows.length)).toEqual([100, 100, 50]);
    expect(new Set(chunks.map((c) => c.key)).size).toBe(3);
    expect(chunks.flatMap((c) => c.rows.map((r) => r.row))).toEqual(rows(250).map((r) => r.row));
  });

  it('are smaller when long addresses would pass the request body limit', () => {
    const long = rows(100).map((r) => ({
      ...r,
      link: { destination_url: `https://a.example/${'x'.repeat(2000)}${r.row}` },
    }));
    const chunks = chunksOf(long, newKey);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks)
      expect(new TextEncoder().encode(JSON.stringify(c.rows.map((r) => r.link))).length).toBeLessThanOrEqual(
        CHUNK_BYTES,
      );
  });
});

describe('an import run', () => {
  it('counts the created links and names each failed item by its row', () => {
    const run = afterAnswer(startRun(chunksOf(rows(3, 5), newKey)), 0, [created(0), taken(1), created(2)]);
    expect(run).toMatchObject({
      answered: [0],
      created: 2,
      failed: [
        { row: 6, message: 'This short link is already in use on this domain. Choose another ending.' },
      ],
    });
  });

  it('names a row the answer left out instead of losing it', () => {
    const run = afterAnswer(startRun(chunksOf(rows(2, 2), newKey)), 0, [created(1), created(1)]);
    expect(run).toMatchObject({
      created: 1,
      failed: [{ row: 2, message: codeSentence('unexpected_response') }],
    });
  });

  it('sends every batch in order and reports progress after each', async () => {
    const sent: string[] = [];
    const progress: number[] = [];
    const { run, error } = await runImport(startRun(chunksOf(rows(230), newKey)), {
      send: (chunk) => (sent.push(chunk.key), allCreated(chunk)),
      onProgress: (r) => progress.push(r.created),
      stopped: () => false,
      wait: noWait,
    });
    expect(error).toBeNull();
    expect(run.created).toBe(230);
    expect(progress).toEqual([100, 200, 230]);
    expect(sent).toEqual(run.chunks.map((c) => c.key));
  });

  it('waits and resends the same batch after a 429', async () => {
    const keysSent: string[] = [];
    const waits: number[] = [];
    let refusals = 1;
    const { run, error } = await runImport(startRun(chunksOf(rows(10), newKey)), {
      send: (chunk) => {
        keysSent.push(chunk.key);
        if (refusals-- > 0)
          return Promise.reject(new ApiError(429, 'rate_limited', '', [{ retry_after_seconds: 2 }]));
        return allCreated(chunk);
      },
      onProgress: () => undefined,
      stopped: () => false,
      wait: (ms) => (waits.push(ms), noWait()),
    });
    expect(error).toBeNull();
    expect(run.created).toBe(10);
    expect(waits).toEqual([2000]);
    expect(keysSent).toHaveLength(2);
    expect(keysSent[0]).toBe(keysSent[1]);
  });

  it('stops sending at a failed batch, lets those in flight finish, and resumes the rest with the same keys', async () => {
    const offline = new ApiError(0, 'network_error', '', []);
    const keysSent: string[] = [];
    let fail = true;
    const hooks = {
      send: (chunk: Chunk) => {
        keysSent.push(chunk.key);
        if (keysSent.length === 2 && fail) return Promise.reject(offline);
        return allCreated(chunk);
      },
      onProgress: () => undefined,
      stopped: () => false,
      wait: noWait,
    };
    const first = await runImport(startRun(chunksOf(rows(500), newKey)), hooks);
    expect(first.error).toBe(offline);
    // The batches in flight beside the failed second one were answered; it and the rest were not.
    expect(first.run.answered).toEqual(expect.arrayContaining([0, 2]));
    const left = unanswered(first.run);
    expect(left).toContain(1);
    expect(first.run.created).toBe(100 * first.run.answered.length);
    const sentBefore = keysSent.length;
    fail = false;
    const second = await runImport(first.run, hooks);
    expect(second.error).toBeNull();
    expect(second.run.created).toBe(500);
    expect(keysSent.slice(sentBefore).sort()).toEqual(left.map((i) => first.run.chunks[i]?.key).sort());
  });

  it(`keeps ${IMPORT_LANES} batches in flight, never more, and folds answers that come back out of order`, async () => {
    let inFlight = 0;
    let most = 0;
    const delays = [30, 5, 15, 1, 20, 2, 8];
    const { run, error } = await runImport(startRun(chunksOf(rows(700), newKey)), {
      send: async (chunk) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, delays.shift() ?? 0));
        inFlight -= 1;
        return chunk.rows.map((_, i) => (i === 0 ? taken(0) : created(i)));
      },
      onProgress: () => undefined,
      stopped: () => false,
      wait: noWait,
    });
    expect(error).toBeNull();
    expect(most).toBe(IMPORT_LANES);
    expect(run.created).toBe(693);
    expect(unanswered(run)).toEqual([]);
    expect(run.failed.map((f) => f.row)).toEqual([2, 102, 202, 302, 402, 502, 602]);
  });

  it('sends no further batch when asked to stop, and can be resumed', async () => {
    let stop = false;
    const { run, error } = await runImport(startRun(chunksOf(rows(900), newKey)), {
      send: allCreated,
      onProgress: () => (stop = true),
      stopped: () => stop,
      wait: noWait,
    });
    expect(error).toBeNull();
    expect(run.answered.length).toBeLessThanOrEqual(IMPORT_LANES);
    expect(unanswered(run).length).toBe(9 - run.answered.length);
  });
});
