import { withTransaction } from '@linkhub/shared/server/db/sql';
import type { DashboardData } from '@linkhub/shared/analytics/dashboard';
import { insertApiKey } from '../../sync-server/src/identity/api-keys';
import { startBenchStack } from '../api/setup';
import { seedRollups } from '../ingest/seed-rollups';
import { median } from '../median';
import { SPREADS, seedEvents, type Spread } from './seed-events';
import { buildCube } from './build-cube';
import { openKeptStack } from './kept-stack';
import { closeDeps } from '../../sync-server/src/deps';

/**
 * The target: the dashboard's first answer (totals, series, every breakdown, the previous
 * period) for a 90-day, 10 M-event workspace with two filters in ≤ 300 ms server time. Raw events
 * (the filtered path) and rollups (the unfiltered path) of the same size are seeded in SQL; each
 * request goes through the real app in-process. Filtered views read the hourly cube (D-330), built
 * from the seeded raw events by the worker's own rebuild, as its hourly fold does. The same-run
 * baseline is the bare SQL count of the filtered events (the least any read over raw events costs).
 * BENCH_DASHBOARD_EVENTS changes the size (default 10,000,000); BENCH_DASHBOARD_SPREAD picks how
 * dimension values are drawn: correlated (default), independent (the cube's worst case) or skewed
 * (closer to real traffic), see seed-events.ts. BENCH_DASHBOARD_KEEP=1 keeps the seeded database
 * (its name is printed) and BENCH_DASHBOARD_DB=<name> times against it without seeding again.
 */
const EVENTS = Number(process.env.BENCH_DASHBOARD_EVENTS ?? 10_000_000);
const SPREAD: Spread = SPREADS.find((v) => v === process.env.BENCH_DASHBOARD_SPREAD) ?? 'correlated';
const RUNS = 7;

const ms = (v: number) => `${v.toFixed(0)} ms`;

/** The seeded stack: a fresh database seeded here, or one kept by an earlier run (BENCH_DASHBOARD_DB). */
async function seededStack(rows: string[][]) {
  const kept = process.env.BENCH_DASHBOARD_DB;
  if (kept !== undefined && kept !== '') {
    const stack = await openKeptStack(kept);
    rows.push([`reused database ${kept} (seeded and cube built by an earlier run)`, '', '']);
    return { ...stack, seeded: { from: stack.from, to: stack.to } };
  }
  const stack = await startBenchStack(0);
  const { deps, workspaceId } = stack;
  const domain = await deps.pool.query<{ id: string }>(
    "SELECT id FROM custom_domains WHERE workspace_id IS NULL AND purpose IN ('links', 'all') LIMIT 1",
  );
  const ids: string[] = [];
  for (let i = 0; i < 20; i += 1) {
    const r = await deps.pool.query<{ id: string }>(
      'INSERT INTO links (workspace_id, domain_id, slug, destination_url) VALUES ($1, $2, $3, $4) RETURNING id',
      [workspaceId, domain.rows[0]?.id, `bench-${i}`, 'https://example.com/'],
    );
    ids.push(r.rows[0]?.id ?? '');
  }
  const seeded = await seedEvents(deps.pool, workspaceId, ids, EVENTS, SPREAD);
  rows.push([
    `seed ${seeded.events.toLocaleString('en')} raw events (90 days, ${SPREAD} dimensions)`,
    `${(seeded.ms / 1000).toFixed(1)} s`,
    '',
  ]);
  const cube = await buildCube(deps.pool);
  rows.push([
    `build the hourly cube from them (the worker's fold job, first run)`,
    `${(cube.ms / 1000).toFixed(1)} s: ${cube.rows.toLocaleString('en')} rows per resource (${(seeded.events / cube.rows).toFixed(1)} events a row), ${cube.workspaceRows.toLocaleString('en')} per workspace (${(seeded.events / cube.workspaceRows).toFixed(1)} events a row), ${cube.size}`,
    '',
  ]);
  const rollups = await seedRollups(deps.pool, workspaceId, ids, EVENTS);
  rows.push([
    `seed rollups for ${rollups.events.toLocaleString('en')} events`,
    `${(rollups.ms / 1000).toFixed(1)} s`,
    '',
  ]);
  const keep = process.env.BENCH_DASHBOARD_KEEP === '1';
  if (keep)
    rows.push([
      `kept database ${new URL(stack.url).pathname.slice(1)} (BENCH_DASHBOARD_DB= to reuse it)`,
      '',
      '',
    ]);
  return {
    ...stack,
    seeded,
    // a kept database outlives the run: close the app's connections only
    close: keep ? () => closeDeps(deps) : stack.close,
  };
}

async function main(): Promise<void> {
  const rows: string[][] = [];
  const stack = await seededStack(rows);
  try {
    const { deps, app, workspaceId, seeded } = stack;
    const member = await deps.pool.query<{ id: string; user_id: string }>(
      'SELECT id, user_id FROM workspace_members WHERE workspace_id = $1',
      [workspaceId],
    );
    const owner = member.rows[0];
    if (!owner) throw new Error('no owner');
    const { key } = await withTransaction(deps.pool, (tx) =>
      insertApiKey(tx, {
        workspaceId,
        userId: owner.user_id,
        memberId: owner.id,
        name: 'bench',
        scopes: ['analytics:read'],
        expiresAt: null,
      }),
    );
    const from = seeded.from.toISOString();
    const to = seeded.to.toISOString();
    const range = `period=custom&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

    const time = async (label: string, run: () => Promise<void>, target: string) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const s = performance.now();
        await run();
        times.push(performance.now() - s);
      }
      const warm = times.slice(1);
      rows.push([
        label,
        `median ${ms(median(warm))}, max ${ms(Math.max(...warm))} (first ${ms(times[0] ?? 0)})`,
        target,
      ]);
    };
    const get = (path: string) => async () => {
      const res = await app.request(path, { headers: { Authorization: `Bearer ${key}` } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    };
    await time(
      'baseline: SQL count of the two-filter events, 90 days',
      async () => {
        await deps.pool.query(
          "SELECT count(*) FROM click_events WHERE workspace_id = $1 AND occurred_at >= $2 AND occurred_at < $3 AND NOT is_bot AND country_code = 'FR' AND referrer_host = 'google.com'",
          [workspaceId, seeded.from, seeded.to],
        );
      },
      '',
    );
    await time(
      'dashboard, 90 days, no filter (rollups)',
      get(`/v1/analytics/dashboard?${range}`),
      '≤ 300 ms',
    );
    await time(
      'dashboard, 90 days, country=FR (cube)',
      get(`/v1/analytics/dashboard?${range}&country=FR`),
      '',
    );
    await time(
      'dashboard, 90 days, country=FR & referrer=google.com (cube)',
      get(`/v1/analytics/dashboard?${range}&country=FR&referrer_host=google.com`),
      '≤ 300 ms',
    );
    await time(
      'dashboard, 7 days, country=FR & referrer=google.com (cube)',
      get(
        `/v1/analytics/dashboard?period=custom&from=${encodeURIComponent(new Date(seeded.to.getTime() - 7 * 86_400_000).toISOString())}&to=${encodeURIComponent(to)}&country=FR&referrer_host=google.com`,
      ),
      '',
    );
    await time(
      'dashboard, 90 days, device=mobile & utm_source=newsletter & event_type=scan (cube)',
      get(`/v1/analytics/dashboard?${range}&device_type=mobile&utm_source=newsletter&event_type=scan`),
      '',
    );
    // D-380: how close the filtered view's unique visitors are to the exact count of its raw events
    const answer = await app.request(`/v1/analytics/dashboard?${range}&country=FR&referrer_host=google.com`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    const data = ((await answer.json()) as { data: DashboardData }).data;
    const started = performance.now();
    const exact = await deps.pool.query<{ n: string }>(
      `SELECT count(DISTINCT ((occurred_at AT TIME ZONE 'UTC')::date, visitor_hash)) AS n FROM click_events
        WHERE workspace_id = $1 AND occurred_at >= $2 AND occurred_at < $3 AND NOT is_bot
          AND country_code = 'FR' AND referrer_host = 'google.com'`,
      [workspaceId, seeded.from, seeded.to],
    );
    const exactMs = performance.now() - started;
    const n = Number(exact.rows[0]?.n ?? 0);
    const shown = data.totals.unique_visitors;
    rows.push([
      'unique visitors, 90 days, country=FR & referrer=google.com',
      `${data.unique_visitors_counting.current}: ${shown?.toLocaleString('en') ?? 'not counted'} against ${n.toLocaleString('en')} counted exactly from the raw events (${shown === null || n === 0 ? '—' : `${((100 * (shown - n)) / n).toFixed(2)} %`}; that count took ${ms(exactMs)})`,
      '±2.3 %',
    ]);
  } finally {
    console.log(
      ['| step | result | target |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n'),
    );
    await stack.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
