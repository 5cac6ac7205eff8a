import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IPC_EVENTS } from './ipc/channels';
import { openWindowStateStore } from './window-state';
import { FakeWindow } from './testing/electron-fakes';
import { createWindowManager } from './windows';

const WS_A = '0190d6a4-0000-7000-8000-00000000000a';
const WS_B = '0190d6a4-0000-7000-8000-00000000000b';
const display = { workArea: { x: 0, y: 0, width: 1920, height: 1080 } };

let dir = '';
const stores: { flushed(): Promise<void> }[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'linkhub-windows-'));
});
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.flushed()));
  await rm(dir, { recursive: true, force: true });
});

async function manager(file = path.join(dir, 'window-state.json')) {
  const state = await openWindowStateStore(file);
  stores.push(state);
  const created: FakeWindow[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const schedule = (run: () => void, ms: number) => {
    const timer = { run, ms, cancelled: false };
    timers.push(timer);
    return () => void (timer.cancelled = true);
  };
  const windows = createWindowManager({
    createWindow: (b) => (created.push(new FakeWindow(b)), created.at(-1) as FakeWindow),
    displays: () => [display],
    state,
    schedule,
  });
  const fireTimers = () =>
    timers
      .splice(0)
      .filter((t) => !t.cancelled)
      .forEach((t) => t.run());
  return { windows, created, state, fireTimers };
}

describe('one window per workspace', () => {
  it('opens a window per workspace and focuses the existing one instead of opening a second', async () => {
    const { windows, created } = await manager();
    const a = windows.openWorkspace(WS_A);
    const b = windows.openWorkspace(WS_B);
    expect(a).not.toBe(b);
    expect(a.url).toBe(`app://linkhub/workspace/${WS_A}`);
    expect(windows.openWorkspace(WS_A)).toBe(a);
    expect(created).toHaveLength(2);
    expect(a.focused).toBe(1);
  });

  it('shows a deep-linked route in the workspace’s open window without reloading it', async () => {
    const { windows } = await manager();
    const a = windows.openWorkspace(WS_A);
    windows.openWorkspace(WS_A, { route: `/workspace/${WS_A}/links/x` });
    expect(a.url).toBe(`app://linkhub/workspace/${WS_A}`);
    expect(a.sent).toEqual([
      { channel: IPC_EVENTS.appEvent, args: [{ type: 'navigate', route: `/workspace/${WS_A}/links/x` }] },
    ]);
  });

  it('reopens each workspace at its remembered size and position, and starts on the last workspace', async () => {
    const file = path.join(dir, 'state.json');
    const first = await manager(file);
    const a = first.windows.openWorkspace(WS_A);
    a.bounds = { x: 50, y: 60, width: 1000, height: 700, maximized: false };
    a.maximized = true;
    const b = first.windows.openWorkspace(WS_B);
    a.focus();
    a.close();
    b.close();
    await first.state.flushed();

    const second = await manager(file);
    const start = second.windows.openStartup();
    expect(start.url).toBe(`app://linkhub/workspace/${WS_A}`);
    expect(start.bounds).toEqual({ x: 50, y: 60, width: 1000, height: 700, maximized: true });
    expect(start.maximized).toBe(true);
  });

  it('saves the layout shortly after a move or resize, so a crash does not lose it', async () => {
    const file = path.join(dir, 'state.json');
    const first = await manager(file);
    const a = first.windows.openWorkspace(WS_A);
    a.bounds = { x: 10, y: 20, width: 900, height: 600, maximized: false };
    a.emit('move');
    a.bounds = { x: 30, y: 40, width: 1000, height: 700, maximized: false };
    a.emit('resize');
    first.fireTimers();
    await first.state.flushed();
    const afterCrash = await manager(file);
    expect(afterCrash.state.boundsFor(WS_A, [display])).toEqual({
      x: 30,
      y: 40,
      width: 1000,
      height: 700,
      maximized: false,
    });
  });

  it('starts on the sign-in screen the first time, and that window becomes the chosen workspace’s', async () => {
    const { windows, created, state } = await manager();
    const start = windows.openStartup();
    expect(start.url).toBe('app://linkhub/');
    expect(windows.openWorkspace(WS_B, { from: start })).toBe(start);
    expect(created).toHaveLength(1);
    expect(windows.workspaceOf(start)).toBe(WS_B);
    expect(state.lastWorkspace()).toBe(WS_B);
    start.close();
    expect(windows.all()).toEqual([]);
  });
});
