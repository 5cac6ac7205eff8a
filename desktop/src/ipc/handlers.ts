import type { SecureTokenStore } from '@linkhub/shared/platform/bridge';
import type { z } from 'zod';
import { saveBatchToFolder, saveFileWithDialog, type ExportDialog, type ExportWindow } from '../exports';
import { showNotification, type NotificationClass } from '../notify';
import { openExternally, type UrlPolicy } from '../trusted-url';
import { IPC_CHANNELS, IPC_EVENTS } from './channels';
import {
  notifyArgs,
  saveBatchArgs,
  saveFileArgs,
  tokenArgs,
  unsyncedCountArgs,
  urlArgs,
  workspaceIdArgs,
} from './validate';

type Sender = { send(channel: string, ...args: unknown[]): void };

/** `IpcMainInvokeEvent` as far as handlers use it. */
export type InvokeEvent<S extends Sender> = { senderFrame: { url: string } | null; sender: S };

/** `ipcMain` as far as handlers use it (Electron's `ipcMain` satisfies it). */
export type MainIpc<S extends Sender> = {
  handle(channel: string, listener: (event: InvokeEvent<S>, ...args: unknown[]) => unknown): void;
};

export type IpcDeps<S extends Sender, W extends ExportWindow> = {
  policy: UrlPolicy;
  /** `BrowserWindow.fromWebContents(sender)`. */
  windowOf(sender: S): W | null | undefined;
  dialog: ExportDialog<W>;
  /** Where save dialogs start (`app.getPath('downloads')`). */
  defaultFolder(): string;
  secureStore: SecureTokenStore;
  appVersion(): string;
  shell: { openExternal(url: string): Promise<void> };
  Notification: NotificationClass;
  badge: { setUnsyncedCount(count: number): void };
  openWorkspace(workspaceId: string, from: W | undefined): void;
};

/** Rejections the renderer sees (the message crosses IPC, the class does not). */
export class BridgeError extends Error {
  constructor(code: 'invalid_argument' | 'forbidden_sender' | 'no_window', detail: string) {
    super(`${code}: ${detail}`);
    this.name = 'BridgeError';
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BridgeError(
      'invalid_argument',
      `${[field, ...(issue?.path ?? [])].join('.')} ${issue?.message ?? 'is invalid'}`,
    );
  }
  return result.data;
}

/**
 * One handler per bridge channel. Every call is checked twice before anything happens: the sender
 * must be a page of the app itself (`app://linkhub`, never the sync server or an external page),
 * and every argument must pass its schema.
 */
export function registerIpcHandlers<S extends Sender, W extends ExportWindow>(
  ipc: MainIpc<S>,
  deps: IpcDeps<S, W>,
): void {
  const handle = (channel: string, run: (event: InvokeEvent<S>, args: unknown[]) => unknown) => {
    ipc.handle(channel, async (event, ...args) => {
      const url = event.senderFrame?.url ?? '';
      if (deps.policy.classify(url) !== 'app')
        throw new BridgeError('forbidden_sender', 'only the app may use the bridge');
      return run(event, args);
    });
  };
  const windowFor = (event: InvokeEvent<S>): W => {
    const window = deps.windowOf(event.sender);
    if (window === null || window === undefined)
      throw new BridgeError('no_window', 'the request came from no window');
    return window;
  };

  handle(IPC_CHANNELS.saveFile, (event, [request]) =>
    saveFileWithDialog(
      deps.dialog,
      windowFor(event),
      parse(saveFileArgs, request, 'request'),
      deps.defaultFolder(),
    ),
  );
  handle(IPC_CHANNELS.saveBatch, (event, [request]) => {
    const { jobId, files } = parse(saveBatchArgs, request, 'request');
    return saveBatchToFolder(
      deps.dialog,
      windowFor(event),
      files,
      (progress) => event.sender.send(IPC_EVENTS.batchProgress, { jobId, ...progress }),
      deps.defaultFolder(),
    );
  });
  handle(IPC_CHANNELS.tokenGet, () => deps.secureStore.get());
  handle(IPC_CHANNELS.tokenSet, (_event, [token]) => deps.secureStore.set(parse(tokenArgs, token, 'token')));
  handle(IPC_CHANNELS.tokenClear, () => deps.secureStore.clear());
  handle(IPC_CHANNELS.appVersion, () => deps.appVersion());
  handle(IPC_CHANNELS.openExternal, (_event, [url]) =>
    openExternally(deps.policy, deps.shell, parse(urlArgs, url, 'url')),
  );
  handle(IPC_CHANNELS.notify, (_event, [request]) =>
    showNotification(deps.Notification, parse(notifyArgs, request, 'request')),
  );
  handle(IPC_CHANNELS.setUnsyncedCount, (_event, [count]) =>
    deps.badge.setUnsyncedCount(parse(unsyncedCountArgs, count, 'count')),
  );
  handle(IPC_CHANNELS.openWorkspace, (event, [workspaceId]) => {
    deps.openWorkspace(
      parse(workspaceIdArgs, workspaceId, 'workspaceId'),
      deps.windowOf(event.sender) ?? undefined,
    );
  });
}
