import type { AppEvent } from '@linkhub/shared/platform/bridge';
import { IPC_EVENTS } from './ipc/channels';
import { APP_ORIGIN } from './protocol';
import { defaultBounds, type DisplayArea, type WindowBounds, type WindowStateStore } from './window-state';

/** The parts of a BrowserWindow the manager uses (a real `BrowserWindow` satisfies it). */
export type ManagedWindow = {
  getNormalBounds(): { x: number; y: number; width: number; height: number };
  isMaximized(): boolean;
  isMinimized(): boolean;
  isDestroyed(): boolean;
  maximize(): void;
  restore(): void;
  focus(): void;
  show(): void;
  loadURL(url: string): Promise<void>;
  on(event: 'close' | 'closed' | 'focus' | 'resize' | 'move', listener: () => void): unknown;
  webContents: { id: number; send(channel: string, ...args: unknown[]): void };
};

export type WindowManagerDeps<W extends ManagedWindow> = {
  /** `new BrowserWindow({...bounds, webPreferences})`: the caller owns the security options. */
  createWindow(bounds: WindowBounds): W;
  displays(): readonly DisplayArea[];
  state: WindowStateStore;
  /** Debounce timer for saving bounds while a window is moved or resized (`setTimeout` in main). */
  schedule(run: () => void, ms: number): () => void;
};

/** Bounds are saved this long after the last move/resize, so a crash keeps the layout too. */
export const SAVE_BOUNDS_AFTER_MS = 750;

export type WindowManager<W extends ManagedWindow> = {
  /** Focus the workspace's window, or open one; an optional route is shown in it. */
  openWorkspace(workspaceId: string, options?: { route?: string; from?: W }): W;
  /** The window to show at launch: the last workspace if any, else the sign-in/chooser screen. */
  openStartup(route?: string): W;
  windowFor(workspaceId: string): W | undefined;
  workspaceOf(window: W): string | undefined;
  all(): W[];
};

const workspaceRoute = (workspaceId: string) => `/workspace/${workspaceId}`;

/** One window per workspace: each with its own remembered bounds; the focused one is "last". */
export function createWindowManager<W extends ManagedWindow>(deps: WindowManagerDeps<W>): WindowManager<W> {
  const byWorkspace = new Map<string, W>();
  const unassigned = new Set<W>();
  let opened = 0;

  const send = (window: W, event: AppEvent) => window.webContents.send(IPC_EVENTS.appEvent, event);
  const workspaceOf = (window: W) => [...byWorkspace].find(([, w]) => w === window)?.[0];

  const assign = (window: W, workspaceId: string) => {
    unassigned.delete(window);
    byWorkspace.set(workspaceId, window);
  };

  const create = (workspaceId: string | undefined, route: string): W => {
    const saved = workspaceId === undefined ? undefined : deps.state.boundsFor(workspaceId, deps.displays());
    const bounds = saved ?? defaultBounds(deps.displays(), opened);
    opened += 1;
    const window = deps.createWindow(bounds);
    if (workspaceId === undefined) unassigned.add(window);
    else byWorkspace.set(workspaceId, window);
    if (bounds.maximized) window.maximize();
    window.on('focus', () => {
      const id = workspaceOf(window);
      if (id !== undefined) void deps.state.setLastWorkspace(id);
    });
    const saveBounds = () => {
      const id = workspaceOf(window);
      if (id !== undefined && !window.isDestroyed())
        void deps.state.remember(id, { ...window.getNormalBounds(), maximized: window.isMaximized() });
    };
    let cancelSave: (() => void) | undefined;
    const saveSoon = () => {
      cancelSave?.();
      cancelSave = deps.schedule(saveBounds, SAVE_BOUNDS_AFTER_MS);
    };
    window.on('resize', saveSoon);
    window.on('move', saveSoon);
    window.on('close', () => {
      cancelSave?.();
      saveBounds();
    });
    window.on('closed', () => {
      const id = workspaceOf(window);
      if (id !== undefined) byWorkspace.delete(id);
      unassigned.delete(window);
    });
    void window.loadURL(`${APP_ORIGIN}${route}`);
    if (workspaceId !== undefined) void deps.state.setLastWorkspace(workspaceId);
    return window;
  };

  const reveal = (window: W) => {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };

  const openWorkspace: WindowManager<W>['openWorkspace'] = (workspaceId, options = {}) => {
    const route = options.route ?? workspaceRoute(workspaceId);
    const existing = byWorkspace.get(workspaceId);
    if (existing !== undefined && !existing.isDestroyed()) {
      reveal(existing);
      if (options.route !== undefined) send(existing, { type: 'navigate', route });
      return existing;
    }
    const from = options.from;
    if (from !== undefined && unassigned.has(from)) {
      // The sign-in / chooser window becomes the workspace's window.
      assign(from, workspaceId);
      void deps.state.setLastWorkspace(workspaceId);
      send(from, { type: 'navigate', route });
      return from;
    }
    return create(workspaceId, route);
  };

  return {
    openWorkspace,
    openStartup(route) {
      const last = deps.state.lastWorkspace();
      if (last !== null) return openWorkspace(last, route === undefined ? {} : { route });
      return create(undefined, route ?? '/');
    },
    windowFor: (workspaceId) => byWorkspace.get(workspaceId),
    workspaceOf,
    all: () => [...byWorkspace.values(), ...unassigned],
  };
}
