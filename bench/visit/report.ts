import { median } from '../median';
import { totalCpu, type Row } from './measure';
import { BARE, CEILING, CONNECTIONS, HIT, MISS, PINNED, SCAN, SECONDS } from './settings';

/** bench/visit's tables and verdicts: medians over the rounds, ratios inside each round. */
function medianRow(rows: readonly Row[]): Row {
  const pick = (f: (r: Row) => number) => median(rows.map(f));
  const sum = (f: (r: Row) => number | null) =>
    rows.some((r) => f(r) === null) ? null : rows.reduce((n, r) => n + (f(r) ?? 0), 0);
  return {
    scenario: rows[0]?.scenario ?? '',
    result: {
      rps: pick((r) => r.result.rps),
      p50Ms: pick((r) => r.result.p50Ms),
      p99Ms: pick((r) => r.result.p99Ms),
      requests: rows.reduce((n, r) => n + r.result.requests, 0),
      non2xx3xx: rows.reduce((n, r) => n + r.result.non2xx3xx, 0),
      errors: rows.reduce((n, r) => n + r.result.errors, 0),
    },
    cpuUs: {
      edge: pick((r) => r.cpuUs.edge),
      redis: pick((r) => r.cpuUs.redis),
      worker: pick((r) => r.cpuUs.worker),
      postgres: pick((r) => r.cpuUs.postgres),
    },
    queries: sum((r) => r.queries),
    filtered: sum((r) => r.filtered),
  };
}

export function report(rounds: readonly Row[][], once: readonly Row[]): void {
  const names = [CEILING, BARE, HIT, MISS, SCAN];
  const inRound = (round: readonly Row[], name: string) => round.find((r) => r.scenario === name);
  const medians = names.map((name) => medianRow(rounds.flatMap((round) => inRound(round, name) ?? [])));
  const ceiling = medians[0]?.result.rps ?? Number.NaN;
  const f0 = (n: number) => n.toFixed(0);
  const f1 = (n: number) => n.toFixed(1);
  const lines = [...medians, ...once].map((row) => {
    const { result: r, cpuUs: c } = row;
    const queries = row.queries === null ? '' : `${row.queries} / ${row.filtered ?? 0}`;
    return `| ${row.scenario} | ${f0(r.rps)} | ${r.p50Ms.toFixed(2)} | ${r.p99Ms.toFixed(2)} | ${(r.rps / ceiling).toFixed(2)} | ${f1(c.edge)} | ${f1(c.redis)} | ${f1(c.worker)} | ${f1(c.postgres)} | ${f1(totalCpu(c))} | ${queries} | ${r.non2xx3xx} |`;
  });
  process.stdout.write(
    `\nwrk -t1 -c${CONNECTIONS} -d${SECONDS}s on loopback${PINNED ? ' (servers on CPU 1, wrk on CPU 0, worker unpinned)' : ''}; median of ${rounds.length} interleaved rounds (the last row: once, after them)\n`,
  );
  process.stdout.write(
    'CPU columns: µs per request; the edge rows include the worker committing what they captured. PG queries / filtered: counted by the edge over all rounds\n',
  );
  process.stdout.write(
    [
      '| scenario | req/s | p50 ms | p99 ms | × ceiling | edge | Redis | worker | PostgreSQL | total | PG queries / filtered | non-3xx |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...lines,
    ].join('\n') + '\n\n',
  );

  const ratios = rounds.flatMap((round) => {
    const [c, b, h, m, s] = names.map((name) => inRound(round, name));
    if (!c || !b || !h || !m || !s) return [];
    return [
      {
        bare: b.result.rps / c.result.rps,
        hit: h.result.rps / c.result.rps,
        miss: m.result.rps / c.result.rps,
        scan: s.result.rps / c.result.rps,
        whole: totalCpu(h.cpuUs) / h.cpuUs.edge,
      },
    ];
  });
  process.stdout.write(
    '| round | bare Hono × ceiling | hit × ceiling | distinct miss × ceiling | scan × ceiling | whole visit CPU ÷ edge CPU |\n|---:|---:|---:|---:|---:|---:|\n',
  );
  ratios.forEach((r, i) =>
    process.stdout.write(
      `| ${i + 1} | ${r.bare.toFixed(2)} | ${r.hit.toFixed(2)} | ${r.miss.toFixed(2)} | ${r.scan.toFixed(2)} | ${r.whole.toFixed(2)} |\n`,
    ),
  );
  const hit = medians[2];
  const miss = medians[3];
  const ingestUs = hit ? hit.cpuUs.worker + hit.cpuUs.postgres : Number.NaN;
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const hitRatio = median(ratios.map((r) => r.hit));
  const missRatio = median(ratios.map((r) => r.miss));
  const whole = median(ratios.map((r) => r.whole));
  process.stdout.write('\nmedians of the in-round ratios:\n');
  process.stdout.write(
    `target distinct miss ≥ 0.3× ceiling: ${missRatio.toFixed(2)}× — ${verdict(missRatio >= 0.3)}\n`,
  );
  process.stdout.write(
    `target 0 PostgreSQL queries for slugs that cannot exist: ${miss?.queries ?? '?'} queries for ${miss?.result.requests ?? '?'} distinct misses (${miss?.filtered ?? '?'} answered by the filter) — ${verdict(miss?.queries === 0)}\n`,
  );
  process.stdout.write(
    `target whole-visit CPU ≤ 1.4× the edge's own: ${whole.toFixed(2)}× — ${verdict(whole <= 1.4)}\n`,
  );
  process.stdout.write(
    `target cache hit (capture on, worker consuming) ≥ 0.6× ceiling: ${hitRatio.toFixed(2)}× — ${verdict(hitRatio >= 0.6)}\n`,
  );
  process.stdout.write(
    `target cache hit p99 ≤ 10 ms at ${CONNECTIONS} connections: ${hit?.result.p99Ms.toFixed(2) ?? '?'} ms — ${verdict((hit?.result.p99Ms ?? Infinity) <= 10)}\n`,
  );
  process.stdout.write(
    `(ingest per captured visit, worker + PostgreSQL: ${ingestUs.toFixed(1)} µs CPU, i.e. ${f0(2e6 / ingestUs)} events/s on 2 cores if nothing else ran)\n`,
  );
}
