import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { BulkResult } from '../../pwa/src/features/links/import/bulk-results';
import { chunksOf, runImport, startRun } from '../../pwa/src/features/links/import/import-run';

/** How the benches send a request: `app.request` of a Hono app, in-process. */
export type Requester = (path: string, init: RequestInit) => Response | Promise<Response>;

/**
 * `count` requests one after another: requests per second; and into `cpu`, this process's CPU µs
 * per request (the app's JS, pg and ioredis; not PostgreSQL's or Redis's own).
 */
export async function serial(
  request: Requester,
  make: (i: number) => [string, RequestInit],
  expected: number,
  count: number,
  cpu?: number[],
): Promise<number> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < count; i += 1) {
    const [path, init] = make(i);
    const res = await request(path, init);
    const text = await res.text();
    if (res.status !== expected)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 200)}`);
  }
  const used = process.cpuUsage(cpuStart);
  cpu?.push((used.user + used.system) / count);
  return count / ((performance.now() - start) / 1000);
}

/**
 * `links` links into the workspace of `key` through the editor's own CSV import
 * (pwa/src/features/links/import: its batches of 100, its lanes, its retries): seconds, end to end.
 */
export async function importLinks(
  request: Requester,
  key: string,
  links: number,
  tag: string,
): Promise<number> {
  const start = performance.now();
  const rows = Array.from({ length: links }, (_, i) => ({
    row: i + 2,
    link: {
      destination_url: `https://shop-${i % 250}.example.com/import/${tag}/${i}`,
      title: `Row ${i}`,
      tags: ['import'],
    },
  }));
  const { run: imported, error } = await runImport(startRun(chunksOf(rows, randomUUID)), {
    send: async (chunk) => {
      const res = await request('/v1/links/bulk', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${key}`,
          'Idempotency-Key': chunk.key,
        },
        body: JSON.stringify({ links: chunk.rows.map((r) => r.link) }),
      });
      const body = (await res.json()) as { data?: BulkResult[] };
      if (res.status !== 200 || body.data === undefined)
        throw new Error(`bulk: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      return body.data;
    },
    onProgress: () => undefined,
    stopped: () => false,
    wait: (ms) => new Promise((r) => setTimeout(r, ms)),
  });
  if (error !== null) throw error;
  if (imported.created !== links) throw new Error(`bulk import created ${imported.created} of ${links}`);
  return (performance.now() - start) / 1000;
}
