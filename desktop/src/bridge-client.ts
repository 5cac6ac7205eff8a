import {
  isAppEvent,
  type AppEvent,
  type BatchProgress,
  type DesktopBridge,
  type SaveBatchResult,
  type SaveFileResult,
} from '@linkhub/shared/platform/bridge';
import { IPC_CHANNELS, IPC_EVENTS } from './ipc/channels';

/** `ipcRenderer` as far as the bridge uses it (Electron's `ipcRenderer` satisfies it). */
export type RendererIpc = {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function saveFileResult(v: unknown): SaveFileResult {
  if (!isObject(v) || typeof v.saved !== 'boolean') throw new Error('unexpected reply from the desktop app');
  return typeof v.path === 'string' ? { saved: v.saved, path: v.path } : { saved: v.saved };
}

function saveBatchResult(v: unknown): SaveBatchResult {
  if (!isObject(v) || typeof v.saved !== 'boolean' || typeof v.written !== 'number')
    throw new Error('unexpected reply from the desktop app');
  return typeof v.folder === 'string'
    ? { saved: v.saved, written: v.written, folder: v.folder }
    : { saved: v.saved, written: v.written };
}

let jobs = 0;

/**
 * The object the preload exposes as `window.linkhub`: every method one `ipcRenderer.invoke` on a
 * named channel. No Electron or Node object ever reaches the page, only these functions.
 */
export function createDesktopBridge(ipc: RendererIpc) {
  const bridge = {
    isDesktop: true,
    saveFile: async (request) => saveFileResult(await ipc.invoke(IPC_CHANNELS.saveFile, request)),
    saveBatch: async (files, onProgress) => {
      jobs += 1;
      const jobId = `batch-${jobs}`;
      const listener = (_event: unknown, message: unknown) => {
        if (!isObject(message) || message.jobId !== jobId || onProgress === undefined) return;
        const { done, total, name } = message;
        if (typeof done === 'number' && typeof total === 'number' && typeof name === 'string') {
          const progress: BatchProgress = { done, total, name };
          onProgress(progress);
        }
      };
      ipc.on(IPC_EVENTS.batchProgress, listener);
      try {
        return saveBatchResult(await ipc.invoke(IPC_CHANNELS.saveBatch, { jobId, files: [...files] }));
      } finally {
        ipc.removeListener(IPC_EVENTS.batchProgress, listener);
      }
    },
    secureToken: {
      get: async () => {
        const token = await ipc.invoke(IPC_CHANNELS.tokenGet);
        return typeof token === 'string' ? token : null;
      },
      set: async (token) => void (await ipc.invoke(IPC_CHANNELS.tokenSet, token)),
      clear: async () => void (await ipc.invoke(IPC_CHANNELS.tokenClear)),
    },
    appVersion: async () => String(await ipc.invoke(IPC_CHANNELS.appVersion)),
    openExternal: async (url) => (await ipc.invoke(IPC_CHANNELS.openExternal, url)) === true,
    notify: async (request) => (await ipc.invoke(IPC_CHANNELS.notify, request)) === true,
    setUnsyncedCount: async (count) => void (await ipc.invoke(IPC_CHANNELS.setUnsyncedCount, count)),
    openWorkspace: async (workspaceId) => void (await ipc.invoke(IPC_CHANNELS.openWorkspace, workspaceId)),
    onAppEvent: (listener: (event: AppEvent) => void) => {
      const wrapped = (_event: unknown, message: unknown) => {
        if (isAppEvent(message)) listener(message);
      };
      ipc.on(IPC_EVENTS.appEvent, wrapped);
      return () => void ipc.removeListener(IPC_EVENTS.appEvent, wrapped);
    },
  } satisfies DesktopBridge;
  return bridge;
}
