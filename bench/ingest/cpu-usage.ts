import { readFile } from 'node:fs/promises';
import type pg from 'pg';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** utime + stime of one process, ms (0 when it is gone or /proc is unreadable). */
async function processCpuMs(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // fields after the parenthesised command name: state is field 3, utime 14, stime 15
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU time spent by this process and by the PostgreSQL backends serving the bench database, so the
 * cost per event can be read apart from how busy the shared machine is (wall-clock rates drift with
 * the load, CPU-ms per event much less).
 */
export async function cpuMeter(pool: pg.Pool, connections: number) {
  // open the pool's connections now, so their backends are known before the measured run
  const clients = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
  for (const c of clients) c.release();
  const pids = (
    await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')
  ).rows.map((r) => r.pid);
  const pgCpu = async () => (await Promise.all(pids.map(processCpuMs))).reduce((a, b) => a + b, 0);
  const nodeStart = process.cpuUsage();
  const pgStart = await pgCpu();
  return async (): Promise<{ nodeMs: number; postgresMs: number }> => {
    const node = process.cpuUsage(nodeStart);
    return { nodeMs: (node.user + node.system) / 1000, postgresMs: (await pgCpu()) - pgStart };
  };
}
