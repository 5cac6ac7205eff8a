import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import path from 'node:path';
import { CPU_PROF_DIR, PINNED, ROOT, SERVER_CPU } from './settings';

/** The processes bench/visit runs and talks to: spawning, plain HTTP GETs, waiting, stopping. */
export { freeLocalPort as freePort } from '@linkhub/shared/server/net/free-port';

/**
 * `pinned`: on the servers' CPU (when pinning is on). `niceness`: the process's scheduling priority
 * (the worker's, as compose gives its containers a quarter of an edge's CPU weight).
 */
export function spawnNode(
  script: string,
  env: Record<string, string>,
  placement: { pinned: boolean; niceness?: number },
): ChildProcess {
  const profiled = script.startsWith('edge/') || script.includes('consumer');
  const profile =
    CPU_PROF_DIR !== undefined && profiled ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
  const node = [process.execPath, '--import', 'tsx', ...profile, path.join(ROOT, script)];
  const pinning = placement.pinned && PINNED ? ['taskset', '-c', SERVER_CPU] : [];
  const niceness = placement.niceness ? ['nice', '-n', String(placement.niceness)] : [];
  const [cmd, ...argv] = [...niceness, ...pinning, ...node];
  return spawn(cmd ?? process.execPath, argv, {
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
