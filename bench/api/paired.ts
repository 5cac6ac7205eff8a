import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { median } from '../median';
import { bareApp } from './bare';
import { importLinks, serial, type Requester } from './measure';
import { startBenchStack, type BenchStack } from './setup';

/**
 * `npx tsx bench/api/paired.ts --before <dir>`: this checkout's /v1 against another checkout's (the
 * code before a change; `<dir>` needs its own `node_modules/@linkhub/*` links to its own packages), in
 * one process, so both meet the same machine load: every round runs this checkout, the other and the
 * bare baseline (bench/api/bare.ts) one after another (each round starting with another side), on
 * their own databases and workspaces. Prints the medians of
 * (a) create and (b) list as index.ts does, each side's ratio to the bare baseline of its round, and
 * this ÷ before; then (c) imports of 5,000 links, alternating. BENCH_ROUNDS (7), BENCH_REQUESTS (150),
 * BENCH_IMPORTS (2 each), BENCH_DEADLINE_S (900).
 */
const beforeDir = process.argv[process.argv.indexOf('--before') + 1];
if (!process.argv.includes('--before') || beforeDir === undefined)
  throw new Error('usage: paired.ts --before <checkout dir>');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 150);
const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 2);
const KEYS = 20;
const deadline = setTimeout(
  () => {
    console.error('bench/api paired: over its time bound; stopped');
    process.exit(1);
  },
  Number(process.env.BENCH_DEADLINE_S ?? 900) * 1000,
);
deadline.unref();

type StartStack = typeof startBenchStack;
const beforeModule: { startBenchStack: StartStack } = await import(
  pathToFileURL(resolve(beforeDir, 'bench/api/setup.ts')).href
);

/** What a side's deps may offer to wait for the work its answers left running (absent in older code). */
const settle = async (stack: BenchStack): Promise<void> => {
  const commands: { settled?: () => Promise<void> } = stack.deps.commands;
  await commands.settled?.();
};

const after = await startBenchStack(KEYS);
const before = await beforeModule.startBenchStack(KEYS);
const pool = new pg.Pool({ connectionString: after.url, max: 10 });
try {
  const domain = await pool.query<{ id: string }>(
    'SELECT id FROM custom_domains WHERE is_system AND hostname = $1',
    [after.deps.config.LINK_HOST],
  );
  const domainId = domain.rows[0]?.id;
  if (!domainId) throw new Error('no system link host');
  // Its own workspace: each side lists only the links it created.
  const bareWorkspace = await after.freshWorkspace();
  const bare = bareApp(pool, { workspaceId: bareWorkspace.workspaceId, userId: after.userId, domainId });
  const sides: Array<{ name: string; request: Requester; keys: readonly string[]; stack?: BenchStack }> = [
    {
      name: 'this checkout',
      request: (p, init) => after.app.request(p, init),
      keys: after.keys,
      stack: after,
    },
    { name: 'before', request: (p, init) => before.app.request(p, init), keys: before.keys, stack: before },
    { name: 'bare', request: (p, init) => bare.request(p, init), keys: after.keys },
  ];
  let serialNo = 0;
  const scenarios = [
    {
      name: '(a) create a link, serial',
      status: 201,
      make: (keys: readonly string[]) => (i: number) =>
        [
          '/v1/links',
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${keys[i % KEYS] ?? ''}` },
            body: JSON.stringify({
              destination_url: `https://example.com/p/${serialNo++}`,
              title: 'Bench',
              tags: ['bench'],
            }),
          },
        ] as [string, RequestInit],
    },
    {
      name: '(b) list 25 links',
      status: 200,
      make: (keys: readonly string[]) => (i: number) =>
        [
          '/v1/links?limit=25',
          { method: 'GET', headers: { Authorization: `Bearer ${keys[i % KEYS] ?? ''}` } },
        ] as [string, RequestInit],
    },
  ];
  const run = async (round: number | null) => {
    const rates = scenarios.map(() => sides.map(() => 0));
    // Each round starts with another side, so none always follows the same one.
    const order = sides.map((_, i) => (i + (round ?? 0)) % sides.length);
    for (const [si, s] of scenarios.entries())
      for (const i of order) {
        const side = sides[i];
        if (side === undefined) continue;
        const rate = await serial(side.request, s.make(side.keys), s.status, PER_ROUND);
        if (side.stack) await settle(side.stack);
        const row = rates[si];
        if (row) row[i] = rate;
      }
    if (round !== null)
      console.error(
        `round ${round + 1}: ${rates.map((r) => r.map((v) => v.toFixed(0)).join(' / ')).join('; ')}`,
      );
    return rates;
  };
  await run(null);
  const rounds: number[][][] = [];
  for (let round = 0; round < ROUNDS; round += 1) rounds.push(await run(round));

  const imports = { after: [] as number[], before: [] as number[] };
  for (let i = 0; i < IMPORTS; i += 1) {
    const a = await after.freshWorkspace();
    imports.after.push(await importLinks((p, init) => after.app.request(p, init), a.key, 5_000, `a${i}`));
    await settle(after);
    const b = await before.freshWorkspace();
    imports.before.push(await importLinks((p, init) => before.app.request(p, init), b.key, 5_000, `b${i}`));
  }

  console.log(
    `\n/v1 of this checkout and of ${beforeDir} against bare Hono + pg, one process, ${ROUNDS} rounds × ${PER_ROUND} serial requests (medians; ratios taken per round)\n`,
  );
  console.log('| scenario | this | before | bare | this ÷ bare | before ÷ bare | this ÷ before |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [si, s] of scenarios.entries()) {
    const of = (i: number) => rounds.map((r) => r[si]?.[i] ?? Number.NaN);
    const ratio = (a: number, b: number) =>
      median(rounds.map((r) => (r[si]?.[a] ?? Number.NaN) / (r[si]?.[b] ?? Number.NaN)));
    console.log(
      `| ${s.name} | ${median(of(0)).toFixed(0)} req/s | ${median(of(1)).toFixed(0)} req/s | ${median(of(2)).toFixed(0)} req/s | ${ratio(0, 2).toFixed(3)} | ${ratio(1, 2).toFixed(3)} | ${ratio(0, 1).toFixed(3)} |`,
    );
  }
  const secs = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  console.log(
    `| (c) import 5,000 links (bulk, the editor's import) | ${median(imports.after).toFixed(2)} s (${secs(imports.after)}) | ${median(imports.before).toFixed(2)} s (${secs(imports.before)}) | | | | ${(median(imports.after) / median(imports.before)).toFixed(3)} |`,
  );
} finally {
  await pool.end();
  await before.close();
  await after.close();
}
