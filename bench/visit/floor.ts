import { median } from '../median';
import { runWrk, visitorMixScript } from '../redirect/wrk';
import { processCpuUs } from './cpu';
import { freePort, get, spawnNode, stop, waitUntil } from './processes';
import { CONNECTIONS, LOAD_CPU, PINNED, REDIS_URL, ROUNDS, SECONDS } from './settings';

/**
 * `npx tsx bench/visit/floor.ts`: how far the target "hit ≥ 0.6× the ceiling" is from what any edge
 * meeting the redirect rules (docs/product-rules.md#the-redirect) can reach here. The ceiling (a fixed 302) beside floor-server.ts (a map lookup,
 * the visitor hash, a batched XADD, the 302: less than the edge must do), the visitor mix of
 * bench/visit, same pinning, interleaved rounds, medians of the in-round ratios.
 */
const HOST = 'lnk.bench.localhost';

async function main(): Promise<void> {
  const [ceilingPort, floorPort] = [await freePort(), await freePort()];
  const ceiling = spawnNode(
    'bench/redirect/ceiling-server.ts',
    { PORT: String(ceilingPort) },
    { pinned: true },
  );
  const floor = spawnNode(
    'bench/visit/floor-server.ts',
    { PORT: String(floorPort), REDIS_URL },
    { pinned: true },
  );
  try {
    await waitUntil(async () => (await get(ceilingPort, HOST, '/hit')).status === 302, 'the ceiling server');
    await waitUntil(async () => (await get(floorPort, HOST, '/hit')).status === 302, 'the floor server');
    const script = visitorMixScript(HOST, '/hit');
    const servers = [
      { name: 'node:http fixed 302 (ceiling)', port: ceilingPort, pid: ceiling.pid },
      { name: 'floor: map + visitor hash + batched XADD + 302', port: floorPort, pid: floor.pid },
    ];
    const rows = servers.map(() => ({ rps: [] as number[], cpu: [] as number[], p99: [] as number[] }));
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const rps: number[] = [];
      for (const [i, server] of servers.entries()) {
        const run = {
          url: `http://127.0.0.1:${server.port}/hit`,
          host: HOST,
          connections: CONNECTIONS,
          script,
        };
        runWrk({ ...run, seconds: 2, ...(PINNED ? { cpu: LOAD_CPU } : {}) });
        const before = processCpuUs(server.pid);
        const result = runWrk({ ...run, seconds: SECONDS, ...(PINNED ? { cpu: LOAD_CPU } : {}) });
        const spent = processCpuUs(server.pid) - before;
        rows[i]?.rps.push(result.rps);
        rows[i]?.cpu.push(spent / result.requests);
        rows[i]?.p99.push(result.p99Ms);
        rps.push(result.rps);
      }
      ratios.push((rps[1] ?? 0) / (rps[0] ?? 1));
      process.stdout.write(`round ${round + 1}/${ROUNDS}: floor ${ratios.at(-1)?.toFixed(2)}× the ceiling\n`);
    }
    console.log(
      `\nwrk -t1 -c${CONNECTIONS} -d${SECONDS}s, visitor mix${PINNED ? ', servers on CPU 1, wrk on CPU 0' : ''}; medians of ${ROUNDS} interleaved rounds\n`,
    );
    console.log('| server | req/s | p99 ms | CPU µs/request | × ceiling |\n|---|---:|---:|---:|---:|');
    for (const [i, server] of servers.entries()) {
      const row = rows[i];
      if (row === undefined) continue;
      const ratio = i === 0 ? 1 : median(ratios);
      console.log(
        `| ${server.name} | ${median(row.rps).toFixed(0)} | ${median(row.p99).toFixed(2)} | ${median(row.cpu).toFixed(1)} | ${ratio.toFixed(2)} |`,
      );
    }
  } finally {
    await Promise.all([stop(ceiling), stop(floor)]);
  }
}

await main();
