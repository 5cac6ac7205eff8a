import pg from 'pg';
import { IMPORT_LANES } from '../../pwa/src/features/links/import/import-run';
import { median } from '../median';
import { bareApp } from './bare';
import { importLinks, serial as serialOf, type Requester } from './measure';
import { startBenchStack } from './setup';

/**
 * `npm run bench -- api`: the /v1 API against bare Hono + pg routes doing the same
 * database work, in one run, on a throwaway database and the real Redis, in-process
 * (`app.request`: loopback only, no ports).
 *   (a) POST /v1/links, serial, vs a bare route inserting link + link_versions + audit_log_entries
 *       in one transaction (target ratio ≥ 0.3);
 *   (b) GET /v1/links?limit=25 vs a bare select of the same 25 rows (target ≥ 0.3);
 *   (c) 5,000 links through POST /v1/links/bulk in chunks of 100, end to end (target ≤ 10 s).
 * Rounds interleave the two sides; the table prints medians. Requests rotate over several API keys
 * so the per-key rate limit is never what is measured. Bounded: BENCH_DEADLINE_S (default 600).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 150);
const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 3);
const IMPORT_LINKS = 5_000;
const CHUNK = 100;
const KEYS = 20;
const serial = (
  request: Requester,
  make: (i: number) => [string, RequestInit],
  expected: number,
  cpu?: number[],
): Promise<number> => serialOf(request, make, expected, PER_ROUND, cpu);
const deadline = setTimeout(
  () => {
    console.error('bench/api: over its time bound; stopped');
    process.exit(1);
  },
  Number(process.env.BENCH_DEADLINE_S ?? 600) * 1000,
);
deadline.unref();

const stack = await startBenchStack(KEYS);
const pool = new pg.Pool({ connectionString: stack.url, max: 10 });
try {
  const domain = await pool.query<{ id: string }>(
    'SELECT id FROM custom_domains WHERE is_system AND hostname = $1',
    [stack.deps.config.LINK_HOST],
  );
  const domainId = domain.rows[0]?.id;
  if (!domainId) throw new Error('no system link host');
  const bare = bareApp(pool, { workspaceId: stack.workspaceId, userId: stack.userId, domainId });
  const v1: Requester = (p, init) => stack.app.request(p, init);
  const viaBare: Requester = (p, init) => bare.request(p, init);
  const auth = (i: number) => ({ Authorization: `Bearer ${stack.keys[i % KEYS] ?? ''}` });

  let serialNo = 0;
  const create = (i: number): [string, RequestInit] => [
    '/v1/links',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...auth(i) },
      body: JSON.stringify({
        destination_url: `https://example.com/p/${serialNo++}`,
        title: 'Bench',
        tags: ['bench'],
      }),
    },
  ];
  const list = (i: number): [string, RequestInit] => [
    '/v1/links?limit=25',
    { method: 'GET', headers: auth(i) },
  ];
  const scenarios = [
    {
      name: '(a) create a link, serial: POST /v1/links vs bare insert of link + version + audit in one transaction',
      make: create,
      status: 201,
    },
    {
      name: '(b) list 25 links: GET /v1/links?limit=25 vs bare select of the same 25 rows',
      make: list,
      status: 200,
    },
  ];
  // Warm-up: JIT, pool connections, prepared paths, a few hundred rows to list.
  for (const s of scenarios) {
    await serial(v1, s.make, s.status);
    await serial(viaBare, s.make, s.status);
  }
  const results = scenarios.map(() => ({
    v1: [] as number[],
    bare: [] as number[],
    cpuV1: [] as number[],
    cpuBare: [] as number[],
  }));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, s] of scenarios.entries()) {
      const r = results[i];
      r?.v1.push(await serial(v1, s.make, s.status, r.cpuV1));
      r?.bare.push(await serial(viaBare, s.make, s.status, r.cpuBare));
    }
  }

  const imports: number[] = [];
  for (let run = 0; run < IMPORTS; run += 1) {
    // Each import into an empty workspace: what a user importing a spreadsheet meets.
    const target = await stack.freshWorkspace();
    // The editor's own import (pwa/src/features/links/import): its batches, its lanes, its retries.
    imports.push(await importLinks(v1, target.key, IMPORT_LINKS, String(run)));
  }

  console.log(
    `\n/v1 vs bare Hono + pg, in-process app.request, serial, ${ROUNDS} rounds × ${PER_ROUND} requests (medians)\n`,
  );
  console.log(
    '| scenario | /v1 | baseline | /v1 ÷ baseline | target | met | node CPU µs/req (/v1, baseline) |',
  );
  console.log('|---|---:|---:|---:|---:|:---:|---:|');
  for (const [i, s] of scenarios.entries()) {
    const v = median(results[i]?.v1 ?? []);
    const b = median(results[i]?.bare ?? []);
    const cpu = `${median(results[i]?.cpuV1 ?? []).toFixed(0)}, ${median(results[i]?.cpuBare ?? []).toFixed(0)}`;
    console.log(
      `| ${s.name} | ${v.toFixed(0)} req/s | ${b.toFixed(0)} req/s | ${(v / b).toFixed(3)} | ≥ 0.30 | ${v / b >= 0.3 ? 'yes' : 'no'} | ${cpu} |`,
    );
  }
  const took = median(imports);
  console.log(
    `| (c) import ${IMPORT_LINKS.toLocaleString('en')} links into an empty workspace: the editor's CSV import: POST /v1/links/bulk × ${IMPORT_LINKS / CHUNK} chunks of ${CHUNK}, ${IMPORT_LANES} at a time, end to end (median of ${IMPORTS}) | ${took.toFixed(2)} s (${(IMPORT_LINKS / took).toFixed(0)} links/s) | | | ≤ 10 s | ${took <= 10 ? 'yes' : 'no'} | |`,
  );
} finally {
  await pool.end();
  await stack.close();
}
