import { describe, expect, it } from 'vitest';
import { startChild } from './children';
import { backoffDelay, supervise } from './supervisor';

const SLEEPER = ['-e', 'console.log("up " + process.pid); setInterval(() => {}, 1000)'];
const fast = { initialMs: 100, maxMs: 400, resetAfterMs: 60_000 };

function sleeper(name: string) {
  return () => startChild(name, process.execPath, SLEEPER, process.env, process.cwd());
}

function isRunning(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('backoffDelay', () => {
  it('doubles from the initial wait up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });
});

describe('supervise', () => {
  it('restarts a service killed with SIGKILL, prints the crash and the restart, and leaves the others running', async () => {
    const lines: string[] = [];
    const a = supervise('a', sleeper('a'), (l) => lines.push(l), fast);
    const b = supervise('b', sleeper('b'), (l) => lines.push(l), fast);
    try {
      const first = a.current().process.pid;
      const other = b.current().process.pid;
      const next = a.nextStart();
      a.current().process.kill('SIGKILL');
      const restarted = await next;
      expect(restarted.process.pid).not.toBe(first);
      expect(isRunning(restarted.process.pid)).toBe(true);
      expect(a.restarts()).toBe(1);
      expect(b.current().process.pid).toBe(other);
      expect(isRunning(other)).toBe(true);
      expect(lines).toEqual([
        expect.stringMatching(/^a was killed by a signal after [\d.]+ s; restarting in 0\.1 s$/),
        'a restarted (restart 1)',
      ]);
    } finally {
      await Promise.all([a.stop(2_000), b.stop(2_000)]);
    }
  });

  it('waits longer after each crash in a row', async () => {
    const lines: string[] = [];
    const crasher = supervise(
      'c',
      () => startChild('c', process.execPath, ['-e', 'process.exit(3)'], process.env, process.cwd()),
      (l) => lines.push(l),
      fast,
    );
    try {
      for (let i = 0; i < 3; i += 1) await crasher.nextStart();
      const waits = lines
        .filter((l) => l.includes('restarting in'))
        .map((l) => l.replace(/.*restarting in /, ''));
      expect(waits.slice(0, 3)).toEqual(['0.1 s', '0.2 s', '0.4 s']);
      expect(lines[0]).toMatch(/^c exited with code 3 after/);
    } finally {
      await crasher.stop(2_000);
    }
  });

  it('waits the initial time again after a run longer than resetAfterMs', async () => {
    const lines: string[] = [];
    const s = supervise('r', sleeper('r'), (l) => lines.push(l), {
      initialMs: 100,
      maxMs: 400,
      resetAfterMs: 300,
    });
    try {
      for (let i = 0; i < 2; i += 1) {
        const next = s.nextStart();
        s.current().process.kill('SIGKILL');
        await next;
      }
      await new Promise((r) => setTimeout(r, 400));
      const next = s.nextStart();
      s.current().process.kill('SIGKILL');
      await next;
      expect(
        lines.filter((l) => l.includes('restarting in')).map((l) => l.replace(/.*restarting in /, '')),
      ).toEqual(['0.1 s', '0.2 s', '0.1 s']);
    } finally {
      await s.stop(2_000);
    }
  });

  it('does not restart what it was told to stop', async () => {
    const lines: string[] = [];
    const s = supervise('s', sleeper('s'), (l) => lines.push(l), fast);
    const pid = s.current().process.pid;
    await s.stop(2_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(isRunning(pid)).toBe(false);
    expect(s.restarts()).toBe(0);
    expect(lines).toEqual([]);
  });
});
