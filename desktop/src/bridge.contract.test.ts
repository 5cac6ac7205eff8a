import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DesktopBridge } from '@linkhub/shared/platform/bridge';
import {
  runBridgeContract,
  type BridgeHarness,
  type SavedFile,
} from '@linkhub/shared/platform/bridge.contract';
import { createBadge } from './badge';
import { createDesktopBridge } from './bridge-client';
import { IPC_CHANNELS } from './ipc/channels';
import { registerIpcHandlers } from './ipc/handlers';
import { createSecureStore } from './secure-store';
import {
  fakeDialog,
  fakeNotificationClass,
  fakeSafeStorage,
  FakeWindow,
  inMemoryIpcPair,
} from './testing/electron-fakes';
import { createUrlPolicy } from './trusted-url';
import { openWindowStateStore } from './window-state';
import { createWindowManager } from './windows';

/**
 * The preload bridge (bridge-client.ts, exactly what preload.ts exposes) wired to the real main-process
 * handlers through an in-memory ipcMain/ipcRenderer pair. Only Electron's own objects are fakes.
 */
async function desktopHarness(
  options: { senderUrl?: string } = {},
): Promise<BridgeHarness & { channels(): string[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'linkhub-bridge-'));
  const downloads = path.join(dir, 'Downloads');
  await mkdir(downloads);
  const safeStorage = fakeSafeStorage();
  const opened: string[] = [];
  const notifications = fakeNotificationClass();
  const dock: string[] = [];
  const badge = createBadge({ platform: 'darwin', dock: { setBadge: (t) => void dock.push(t) } });
  const state = await openWindowStateStore(path.join(dir, 'window-state.json'));
  const windows = createWindowManager({
    createWindow: (b) => new FakeWindow(b),
    displays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    state,
    schedule: () => () => undefined,
  });
  const senderWindow = new FakeWindow({ x: 0, y: 0, width: 800, height: 600, maximized: false });
  let batches = 0;
  const dialog = fakeDialog<FakeWindow>({
    save: (defaultPath) => path.join(downloads, path.basename(defaultPath)),
    folder: () => path.join(downloads, `batch-${(batches += 1)}`),
  });

  const launch = (): { bridge: DesktopBridge; channels(): string[] } => {
    const pair = inMemoryIpcPair(options.senderUrl === undefined ? {} : { senderUrl: options.senderUrl });
    registerIpcHandlers(pair.ipcMain, {
      policy: createUrlPolicy({ syncOrigin: 'https://sync.linkhub.test' }),
      windowOf: () => senderWindow,
      dialog,
      defaultFolder: () => downloads,
      secureStore: createSecureStore({ safeStorage, filePath: path.join(dir, 'userData', 'session.bin') }),
      appVersion: () => '0.1.0',
      shell: { openExternal: async (url) => void opened.push(url) },
      Notification: notifications.Notification,
      badge,
      openWorkspace: (id, from) => void windows.openWorkspace(id, from === undefined ? {} : { from }),
    });
    return { bridge: createDesktopBridge(pair.ipcRenderer), channels: pair.channels };
  };
  const first = launch();

  const savedFiles = async (): Promise<SavedFile[]> => {
    const entries = await readdir(downloads, { recursive: true, withFileTypes: true }).catch(() => []);
    return Promise.all(
      entries
        .filter((e) => e.isFile())
        .map(async (e) => ({
          name: e.name,
          bytes: new Uint8Array(await readFile(path.join(e.parentPath, e.name))),
        })),
    );
  };
  return {
    bridge: first.bridge,
    channels: first.channels,
    expected: { isDesktop: true, version: '0.1.0', keepsToken: true },
    savedFiles,
    restart: async () => launch().bridge,
    openedExternally: () => opened,
    notifications: () => notifications.shown,
    badge: () => {
      const last = dock.at(-1);
      return last === undefined ? null : last === '' ? 0 : Number(last);
    },
    shownWorkspace: () => state.lastWorkspace(),
    cleanup: async () => {
      await state.flushed();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

runBridgeContract('desktop (preload bridge over IPC to the main-process handlers)', () => desktopHarness());

describe('desktop bridge, beyond the contract', () => {
  it('has one IPC channel per bridge method, all handled in main', async () => {
    const h = await desktopHarness();
    expect(h.channels().sort()).toEqual(Object.values(IPC_CHANNELS).sort());
    await h.cleanup();
  });

  it('refuses every call from a page that is not the app (e.g. the sync server loaded in a window)', async () => {
    for (const senderUrl of ['https://sync.linkhub.test/login', 'https://evil.test/', 'file:///tmp/x.html']) {
      const h = await desktopHarness({ senderUrl });
      await expect(h.bridge.secureToken.get(), senderUrl).rejects.toThrow(/forbidden_sender/);
      await expect(
        h.bridge.saveFile({ suggestedName: 'a.pdf', mime: 'application/pdf', bytes: new Uint8Array([1]) }),
      ).rejects.toThrow(/forbidden_sender/);
      expect(await h.savedFiles()).toEqual([]);
      await h.cleanup();
    }
  });

  it('delivers menu commands and deep-link routes to the page, and stops after unsubscribe', async () => {
    const pair = inMemoryIpcPair();
    const bridge = createDesktopBridge(pair.ipcRenderer);
    const seen: unknown[] = [];
    const unsubscribe = bridge.onAppEvent((e) => seen.push(e));
    pair.sender.send('linkhub:app-event', { type: 'command', command: 'new-qr' });
    pair.sender.send('linkhub:app-event', { type: 'navigate', route: '/workspace/1/links/2' });
    pair.sender.send('linkhub:app-event', { type: 'command', command: 'rm -rf' });
    pair.sender.send('linkhub:app-event', { type: 'navigate', route: 'https://evil.test' });
    unsubscribe();
    pair.sender.send('linkhub:app-event', { type: 'command', command: 'find' });
    expect(seen).toEqual([
      { type: 'command', command: 'new-qr' },
      { type: 'navigate', route: '/workspace/1/links/2' },
    ]);
    expect(pair.listenerCount('linkhub:app-event')).toBe(0);
  });
});
