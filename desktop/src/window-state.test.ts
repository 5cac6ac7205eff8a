import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clampToDisplays, defaultBounds, openWindowStateStore } from './window-state';

const laptop = { workArea: { x: 0, y: 25, width: 1440, height: 875 } };
const external = { workArea: { x: 1440, y: 0, width: 2560, height: 1440 } };
const WS_A = '0190d6a4-0000-7000-8000-00000000000a';
const WS_B = '0190d6a4-0000-7000-8000-00000000000b';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'linkhub-window-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('window state', () => {
  it('remembers size, position and maximized state per workspace, and the last workspace, across restarts', async () => {
    const file = path.join(dir, 'window-state.json');
    const store = await openWindowStateStore(file);
    expect(store.lastWorkspace()).toBeNull();
    expect(store.boundsFor(WS_A, [laptop, external])).toBeUndefined();
    await store.remember(WS_A, { x: 1600, y: 100, width: 1500, height: 1000, maximized: false });
    await store.remember(WS_B, { x: 40.4, y: 60, width: 900, height: 700, maximized: true });
    await store.setLastWorkspace(WS_B);

    const reopened = await openWindowStateStore(file);
    expect(reopened.boundsFor(WS_A, [laptop, external])).toEqual({
      x: 1600,
      y: 100,
      width: 1500,
      height: 1000,
      maximized: false,
    });
    expect(reopened.boundsFor(WS_B, [laptop, external])).toEqual({
      x: 40,
      y: 60,
      width: 900,
      height: 700,
      maximized: true,
    });
    expect(reopened.lastWorkspace()).toBe(WS_B);
  });

  it('brings a window back from a monitor that is no longer plugged in', async () => {
    const store = await openWindowStateStore(path.join(dir, 'state.json'));
    await store.remember(WS_A, { x: 1600, y: 100, width: 1500, height: 1000, maximized: false });
    const bounds = store.boundsFor(WS_A, [laptop]);
    expect(bounds).toEqual({ x: 0, y: 25, width: 1440, height: 875, maximized: false });
  });

  it('starts fresh from a missing or corrupt file', async () => {
    const file = path.join(dir, 'state.json');
    await writeFile(file, '{"version": 1, "windows": "oops"');
    const store = await openWindowStateStore(file);
    expect(store.lastWorkspace()).toBeNull();
    await store.setLastWorkspace(WS_A);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      lastWorkspaceId: WS_A,
      windows: {},
    });
  });
});

describe('clamping to displays', () => {
  it('keeps a visible window where it is and pulls a partly off-screen one fully onto its display', () => {
    expect(clampToDisplays({ x: 100, y: 100, width: 800, height: 600, maximized: false }, [laptop])).toEqual({
      x: 100,
      y: 100,
      width: 800,
      height: 600,
      maximized: false,
    });
    expect(clampToDisplays({ x: 1000, y: 500, width: 800, height: 600, maximized: false }, [laptop])).toEqual(
      { x: 640, y: 300, width: 800, height: 600, maximized: false },
    );
  });

  it('centres a window that is barely visible, and never makes it smaller than usable or larger than the screen', () => {
    const barely = clampToDisplays({ x: 1400, y: 850, width: 800, height: 600, maximized: false }, [laptop]);
    expect(barely).toEqual({ x: 320, y: 163, width: 800, height: 600, maximized: false });
    const tiny = clampToDisplays({ x: 10, y: 30, width: 50, height: 20, maximized: false }, [laptop]);
    expect(tiny.width).toBeGreaterThanOrEqual(720);
    const small = { workArea: { x: 0, y: 0, width: 640, height: 400 } };
    expect(clampToDisplays({ x: 0, y: 0, width: 2000, height: 2000, maximized: false }, [small])).toEqual({
      x: 0,
      y: 0,
      width: 640,
      height: 400,
      maximized: false,
    });
  });

  it('cascades new windows on the primary display', () => {
    const first = defaultBounds([laptop], 0);
    const second = defaultBounds([laptop], 1);
    expect(second.x - first.x).toBe(28);
    expect(first.width).toBe(1280);
  });
});
