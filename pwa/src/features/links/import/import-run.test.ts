import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { codeSentence } from '../../../ui/error-messages';
import type { BulkResult } from './bulk-api';
import type { ReadyRow } from './csv-rows';
import { afterAnswer, chunksOf, CHUNK_BYTES, runImport, startRun, type Chunk } from './import-run';

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
    const run = afterAnswer(startRun(chunksOf(rows(3, 5), newKey)), [created(0), taken(1), created(2)]);
    expect(run).toMatchObject({
      next: 1,
      created: 2,
      failed: [
        { row: 6, message: 'This short link is already in use on this domain. Choose another ending.' },
      ],
    });
  });

  it('names a row the answer left out instead of losing it', () => {
    const run = afterAnswer(startRun(chunksOf(rows(2, 2), newKey)), [created(1), created(1)]);
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

  it('stops at a failed batch and resumes from it with the same key', async () => {
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
    const first = await runImport(startRun(chunksOf(rows(300), newKey)), hooks);
    expect(first.error).toBe(offline);
    expect(first.run).toMatchObject({ next: 1, created: 100 });
    fail = false;
    const second = await runImport(first.run, hooks);
    expect(second.error).toBeNull();
    expect(second.run.created).toBe(300);
    expect(keysSent[1]).toBe(keysSent[2]);
  });

  it('ends between batches when asked to stop', async () => {
    let stop = false;
    const { run, error } = await runImport(startRun(chunksOf(rows(300), newKey)), {
      send: allCreated,
      onProgress: () => (stop = true),
      stopped: () => stop,
      wait: noWait,
    });
    expect(error).toBeNull();
    expect(run.next).toBe(1);
  });
});
