import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { CPU_PROF_DIR, PINNED, ROOT, SERVER_CPU } from './settings';

/** The processes bench/visit runs and talks to: spawning, plain HTTP GETs, waiting, stopping. */
export { freeLocalPort as freePort } from '../../shared/src/net/free-port';

export function spawnNode(script: string, env: Record<string, string>, pinned: boolean): ChildProcess {
  const profiled = script.startsWith('edge/') || script.includes('consumer');
  const profile =
    CPU_PROF_DIR !== undefined && profiled ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
  const args = [...profile, '--import', 'tsx', path.join(ROOT, script)];
  const [cmd, argv] =
    pinned && PINNED ? ['taskset', ['-c', SERVER_CPU, process.execPath, ...args]] : [process.execPath, args];
  return spawn(cmd, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

export function get(port: number, host: string, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}
