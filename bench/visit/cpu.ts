import { readFileSync } from 'node:fs';
import type pg from 'pg';
import type { Redis } from 'ioredis';

const CLOCK_TICKS = 100;

/** utime + stime of a process in µs (0 when it is gone: Linux /proc). */
export function processCpuUs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
  } catch {
    return 0;
  }
}

export async function redisCpuUs(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const user = Number(/used_cpu_user:([\d.]+)/.exec(info)?.[1] ?? Number.NaN);
  const sys = Number(/used_cpu_sys:([\d.]+)/.exec(info)?.[1] ?? Number.NaN);
  return (user + sys) * 1e6;
}

/**
 * CPU of the PostgreSQL backends serving one database: a snapshot of each backend's CPU, and the sum
 * of what each spent since an earlier snapshot (a backend that appeared since counts from zero).
 */
export type PgSnapshot = Map<number, number>;
export async function pgSnapshot(pool: pg.Pool): Promise<PgSnapshot> {
  const { rows } = await pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return new Map(rows.map((r) => [r.pid, processCpuUs(r.pid)]));
}
export function pgSpentUs(before: PgSnapshot, after: PgSnapshot): number {
  let spent = 0;
  for (const [pid, cpu] of after) spent += cpu - (before.get(pid) ?? 0);
  return spent;
}
