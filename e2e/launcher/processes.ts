import { readdir, readFile } from 'node:fs/promises';

/** One process, named by its pid and its start time (so a reused pid is never taken for it). */
export type ProcessId = { pid: number; start: string };
type Row = ProcessId & { ppid: number; state: string };

/** `pid (comm) state ppid …`; comm may hold spaces and parentheses, so the fields are read after the last ')'. */
async function readStat(pid: number): Promise<Row | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  if (stat === '') return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After comm: state(0) ppid(1) … starttime is field 22 of stat, index 19 here.
  const [state, ppid] = fields;
  const start = fields[19];
  if (state === undefined || ppid === undefined || start === undefined) return null;
  return { pid, ppid: Number(ppid), state, start };
}

/** Every live process below `root` (children, grandchildren…), whatever process group they are in. */
export async function descendants(root: number): Promise<ProcessId[]> {
  const rows: Row[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const row = await readStat(Number(entry));
    if (row) rows.push(row);
  }
  const found: ProcessId[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const row of rows) {
      if (row.ppid === parent && row.state !== 'Z') {
        found.push({ pid: row.pid, start: row.start });
        queue.push(row.pid);
      }
    }
  }
  return found;
}

/** True when that process no longer runs (absent, a zombie waiting for its parent, or its pid reused). */
export async function isGone(p: ProcessId): Promise<boolean> {
  const row = await readStat(p.pid);
  return row === null || row.start !== p.start || row.state === 'Z';
}

/** SIGKILL, only when it is still that same process. */
export async function killIfRunning(p: ProcessId): Promise<void> {
  if (await isGone(p)) return;
  try {
    process.kill(p.pid, 'SIGKILL');
  } catch {
    // gone in between
  }
}
