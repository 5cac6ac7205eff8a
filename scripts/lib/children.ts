import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

export type Child = {
  readonly name: string;
  readonly process: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** The last lines it printed, for the error message when it dies during start-up. */
  recentLines: () => string[];
  /** SIGTERM to its whole process group, SIGKILL after `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
};

const COLORS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m', '\x1b[34m'] as const;
const RESET = '\x1b[0m';
let nextColor = 0;

/**
 * Runs `command` in its own process group (so npm → tsx → node all stop together) with every
 * output line prefixed by `[name]`.
 */
export function startChild(
  name: string,
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Child {
  const color = process.stdout.isTTY ? (COLORS[nextColor++ % COLORS.length] ?? '') : '';
  const prefix = `${color}[${name}]${color ? RESET : ''} `;
  const child = spawn(command, [...args], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const recent: string[] = [];
  const onLine = (line: string) => {
    recent.push(line);
    if (recent.length > 30) recent.shift();
    process.stdout.write(`${prefix}${line}\n`);
  };
  if (child.stdout) readline.createInterface({ input: child.stdout }).on('line', onLine);
  if (child.stderr) readline.createInterface({ input: child.stderr }).on('line', onLine);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      onLine(`could not start: ${error.message}`);
      resolve(1);
    });
  });
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const signal = (sig: NodeJS.Signals) => {
    if (!running || child.pid === undefined) return;
    try {
      process.kill(-child.pid, sig);
    } catch {
      // already gone
    }
  };
  return {
    name,
    process: child,
    exited,
    recentLines: () => [...recent],
    stop: async (graceMs = 10_000) => {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200 (or `accept` says so), the child dies, or the time runs out. */
export async function waitForHttp(
  url: string,
  child: Child,
  timeoutMs: number,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  let dead = false;
  void child.exited.then(() => {
    dead = true;
  });
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (dead) return { ok: false, reason: 'exited during start-up' };
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return { ok: true };
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 400));
  }
  return { ok: false, reason: `no 200 from ${url} within ${Math.round(timeoutMs / 1000)} s (last: ${last})` };
}
