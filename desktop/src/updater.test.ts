import { describe, expect, it } from 'vitest';
import { startAutoUpdates, UPDATE_INTERVAL_MS } from './updater';

function harness(options: { isPackaged: boolean; env?: Record<string, string>; fail?: boolean }) {
  let checks = 0;
  const timers: { run: () => void; ms: number }[] = [];
  const errors: unknown[] = [];
  const started = startAutoUpdates({
    updater: {
      checkForUpdatesAndNotify: async () => {
        checks += 1;
        if (options.fail === true) throw new Error('net::ERR_INTERNET_DISCONNECTED');
        return null;
      },
    },
    isPackaged: options.isPackaged,
    env: options.env ?? {},
    every: (run, ms) => {
      timers.push({ run, ms });
      return () => timers.splice(0);
    },
    onError: (e) => void errors.push(e),
  });
  return { started, checks: () => checks, timers, errors };
}

describe('auto-update', () => {
  it('checks the feed at start and every four hours in a packaged app', async () => {
    const h = harness({ isPackaged: true });
    expect(h.started.enabled).toBe(true);
    expect(h.checks()).toBe(1);
    expect(h.timers.map((t) => t.ms)).toEqual([UPDATE_INTERVAL_MS]);
    h.timers[0]?.run();
    expect(h.checks()).toBe(2);
    h.started.stop();
    expect(h.timers).toEqual([]);
  });

  it('never checks in development builds or when LINKHUB_AUTO_UPDATE=0', () => {
    expect(harness({ isPackaged: false }).checks()).toBe(0);
    const off = harness({ isPackaged: true, env: { LINKHUB_AUTO_UPDATE: '0' } });
    expect(off.started.enabled).toBe(false);
    expect(off.checks()).toBe(0);
  });

  it('treats an offline check as routine: reported, never thrown', async () => {
    const h = harness({ isPackaged: true, fail: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.errors).toHaveLength(1);
  });
});
