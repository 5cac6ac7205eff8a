import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux almost everywhere). */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** utime, stime, cutime, cstime of one process from /proc/<pid>/stat, in seconds (null once it is gone). */
function times(pid: number | 'self'): { own: number; reaped: number; ppid: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name may hold spaces and brackets: the fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const n = (i: number) => Number(fields[i - 3] ?? 0) / TICKS;
  return { ppid: n(4) * TICKS, own: n(14) + n(15), reaped: n(16) + n(17) };
}

/**
 * CPU seconds spent by this process and every process it started: its own time, the time of children
 * it has already reaped (the render processes killed or exited), and the time so far of children still
 * running (found by their parent id in /proc).
 */
export function serverCpuSeconds(): number {
  const self = times('self');
  if (self === null) throw new Error('/proc is not readable');
  let live = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = times(Number(entry));
    if (child !== null && child.ppid === process.pid) live += child.own + child.reaped;
  }
  return self.own + self.reaped + live;
}
