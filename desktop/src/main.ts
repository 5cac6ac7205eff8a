/**
 * Electron main process: wiring only. Every decision lives in a tested module; this file connects
 * them to Electron's objects in start-up order.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import electronUpdater from 'electron-updater';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
  type WebContents,
} from 'electron';
import { createBadge } from './badge';
import { loadDesktopConfig } from './config';
import { DEEP_LINK_SCHEME, deepLinkFromArgv, parseDeepLink, type DeepLink } from './deep-link';
import { IPC_EVENTS } from './ipc/channels';
import { registerIpcHandlers } from './ipc/handlers';
import { buildMenuTemplate } from './menu';
import { handleAppProtocol, registerAppScheme } from './protocol';
import { createSecureStore } from './secure-store';
import { guardWebContents, hardenSession, secureWebPreferences } from './security';
import { createUrlPolicy } from './trusted-url';
import { startAutoUpdates } from './updater';
import { MIN_SIZE, openWindowStateStore } from './window-state';
import { createWindowManager, type WindowManager } from './windows';

declare const LINKHUB_BUILD_SYNC_URL: string;

const log = createLogger('desktop');
const here = path.dirname(fileURLToPath(import.meta.url));
const preloadPath = path.join(here, 'preload.cjs');
const config = loadDesktopConfig(process.env, { syncUrl: LINKHUB_BUILD_SYNC_URL });
const policy = createUrlPolicy({ syncOrigin: config.syncOrigin });

registerAppScheme(protocol);

let windows: WindowManager<BrowserWindow> | undefined;
let pendingLink: DeepLink | null = deepLinkFromArgv(process.argv);

const showDeepLink = (link: DeepLink | null) => {
  if (link === null) return;
  if (windows === undefined) pendingLink = link;
  else windows.openWorkspace(link.workspaceId, { route: link.route });
};

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  if (process.defaultApp && process.argv[1] !== undefined) {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1])]);
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  }
  app.on('open-url', (event, url) => {
    event.preventDefault();
    showDeepLink(parseDeepLink(url));
  });
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkFromArgv(argv);
    if (link !== null) showDeepLink(link);
    else windows?.openStartup();
  });
  app.on('web-contents-created', (_event, contents) =>
    guardWebContents(contents, policy, shell, preloadPath),
  );
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  void app.whenReady().then(start);
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  handleAppProtocol(protocol, {
    root: path.join(here, 'renderer'),
    syncOrigin: config.syncOrigin,
    forward: (url, init) => net.fetch(url, init),
  });
  hardenSession(session.defaultSession, policy);

  const state = await openWindowStateStore(path.join(userData, 'window-state.json'));
  const manager = createWindowManager<BrowserWindow>({
    createWindow: (bounds) =>
      new BrowserWindow({
        ...bounds,
        minWidth: MIN_SIZE.width,
        minHeight: MIN_SIZE.height,
        title: 'LinkHub',
        backgroundColor: '#ffffff',
        webPreferences: secureWebPreferences(preloadPath),
      }),
    displays: () => screen.getAllDisplays(),
    state,
    schedule: (run, ms) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
  });
  windows = manager;

  const tray =
    process.platform === 'darwin'
      ? undefined
      : new Tray(nativeImage.createFromPath(path.join(here, 'icons', 'tray.png')));
  tray?.on('click', () => manager.openStartup());
  const badge = createBadge({
    platform: process.platform,
    dock: app.dock,
    setBadgeCount: (count) => app.setBadgeCount(count),
    tray,
  });
  badge.setUnsyncedCount(0);

  registerIpcHandlers<WebContents, BrowserWindow>(ipcMain, {
    policy,
    windowOf: (sender) => BrowserWindow.fromWebContents(sender),
    dialog,
    defaultFolder: () => app.getPath('downloads'),
    secureStore: createSecureStore({ safeStorage, filePath: path.join(userData, 'session.bin') }),
    appVersion: () => app.getVersion(),
    shell,
    Notification,
    badge,
    openWorkspace: (workspaceId, from) =>
      void manager.openWorkspace(workspaceId, from === undefined ? {} : { from }),
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        appName: app.name,
        isDevelopment: !app.isPackaged,
        send: (command) => {
          // With no window focused (macOS, all closed) the command opens the start window first.
          const target = BrowserWindow.getFocusedWindow() ?? manager.openStartup();
          target.webContents.send(IPC_EVENTS.appEvent, { type: 'command', command });
        },
      }),
    ),
  );

  const link = pendingLink;
  pendingLink = null;
  if (link === null) manager.openStartup();
  else manager.openWorkspace(link.workspaceId, { route: link.route });

  startAutoUpdates({
    // electron-updater's autoUpdater is created on first use: only packaged apps ever touch it.
    updater: {
      checkForUpdatesAndNotify: () => {
        electronUpdater.autoUpdater.logger = null;
        return electronUpdater.autoUpdater.checkForUpdatesAndNotify();
      },
    },
    isPackaged: app.isPackaged,
    env: process.env,
    every: (run, ms) => {
      const timer = setInterval(run, ms);
      return () => clearInterval(timer);
    },
    onError: (error) => log.warn({ err: error }, 'update check failed'),
  });

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) manager.openStartup();
  });
  // After every window has closed (and queued its bounds), wait for the state file before exiting.
  let flushed = false;
  app.on('will-quit', (event) => {
    if (flushed) return;
    event.preventDefault();
    void state.flushed().finally(() => {
      flushed = true;
      app.quit();
    });
  });
}
