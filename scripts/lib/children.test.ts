import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startChild, waitForHttp } from './children';

/** A child that starts a grandchild (like npm → tsx → node) and ignores nothing. */
const SCRIPT = `
  const { spawn } = require('node:child_process');
  const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  console.log('grandchild ' + grandchild.pid);
  setInterval(() => {}, 1000);
`;

/** Running, i.e. neither gone nor a zombie waiting for its new parent to reap it. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function eventually(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('startChild', () => {
  it('prefixes output lines and stops the whole process group', async () => {
    const child = startChild('t', process.execPath, ['-e', SCRIPT], process.env, process.cwd());
    let grandchild = 0;
    for (let i = 0; i < 50 && grandchild === 0; i++) {
      const line = child.recentLines().find((l) => l.startsWith('grandchild '));
      grandchild = line ? Number(line.split(' ')[1]) : 0;
      if (grandchild === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(grandchild).toBeGreaterThan(0);
    await child.stop(5_000);
    expect(await eventually(() => !alive(grandchild), 3_000)).toBe(true);
  });
});

describe('waitForHttp', () => {
  it('waits for a 200 and reports a child that died', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const sleeper = startChild(
      's',
      process.execPath,
      ['-e', 'setInterval(() => {}, 1000)'],
      process.env,
      process.cwd(),
    );
    expect(await waitForHttp(url, sleeper, 5_000)).toEqual({ ok: true });
    await sleeper.stop();
    server.close();
    const dying = startChild('d', process.execPath, ['-e', 'process.exit(3)'], process.env, process.cwd());
    expect(await waitForHttp('http://127.0.0.1:9/', dying, 5_000)).toEqual({
      ok: false,
      reason: 'exited during start-up',
    });
  });
});
