/**
 * Stand-ins for Electron's own APIs, used by tests because Electron's binary cannot run here.
 * They fake Electron, never our code: every LinkHub module under test is the real one.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** safeStorage: AES-256-GCM with a per-fake key, so tampered or foreign data fails to decrypt. */
export function fakeSafeStorage(options: { available?: boolean } = {}) {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => options.available ?? true,
    encryptString(plain: string): Buffer {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(encrypted: Buffer): string {
      const decipher = createDecipheriv('aes-256-gcm', key, encrypted.subarray(0, 12));
      decipher.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

type Listener = (event: FakeIpcEvent, ...args: unknown[]) => void;
type InvokeHandler = (event: FakeIpcEvent, ...args: unknown[]) => unknown;

export type FakeIpcEvent = {
  senderFrame: { url: string } | null;
  sender: { send(channel: string, ...args: unknown[]): void };
};

/**
 * ipcMain + ipcRenderer joined in memory. Arguments and results go through `structuredClone`, as
 * Electron's IPC does, so a bridge that sends something IPC cannot carry fails here too.
 */
export function inMemoryIpcPair(options: { senderUrl?: string } = {}) {
  const handlers = new Map<string, InvokeHandler>();
  const listeners = new Map<string, Set<Listener>>();
  const sender = {
    send(channel: string, ...args: unknown[]) {
      for (const listener of listeners.get(channel) ?? []) listener(event, ...structuredClone(args));
    },
  };
  const event: FakeIpcEvent = {
    senderFrame: { url: options.senderUrl ?? 'app://linkhub/workspace/1' },
    sender,
  };
  const ipcMain = {
    handle(channel: string, handler: InvokeHandler) {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, handler);
    },
  };
  const ipcRenderer = {
    async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
      const handler = handlers.get(channel);
      if (handler === undefined) throw new Error(`No handler registered for '${channel}'`);
      return structuredClone(await handler(event, ...structuredClone(args)));
    },
    on(channel: string, listener: Listener) {
      const set = listeners.get(channel) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(channel, set);
      return ipcRenderer;
    },
    removeListener(channel: string, listener: Listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
  };
  return {
    ipcMain,
    ipcRenderer,
    sender,
    channels: () => [...handlers.keys()],
    listenerCount: (channel: string) => listeners.get(channel)?.size ?? 0,
  };
}

/** dialog: answers save/open dialogs with whatever the "user" chose next (or with `answer`). */
export function fakeDialog<W>(answer?: { save(defaultPath: string): string; folder(): string }) {
  const saveAnswers: (string | undefined)[] = [];
  const folderAnswers: (string | undefined)[] = [];
  const calls: { kind: 'save' | 'open'; window: W; options: { defaultPath?: string; title?: string } }[] = [];
  return {
    calls,
    willSaveTo: (filePath: string | undefined) => void saveAnswers.push(filePath),
    willPickFolder: (folder: string | undefined) => void folderAnswers.push(folder),
    async showSaveDialog(window: W, options: { defaultPath?: string; title?: string }) {
      calls.push({ kind: 'save', window, options });
      const filePath =
        saveAnswers.length > 0 ? saveAnswers.shift() : answer?.save(options.defaultPath ?? 'untitled');
      return filePath === undefined ? { canceled: true, filePath: '' } : { canceled: false, filePath };
    },
    async showOpenDialog(window: W, options: { defaultPath?: string; title?: string }) {
      calls.push({ kind: 'open', window, options });
      const folder = folderAnswers.length > 0 ? folderAnswers.shift() : answer?.folder();
      return folder === undefined
        ? { canceled: true, filePaths: [] }
        : { canceled: false, filePaths: [folder] };
    },
  };
}

/** A BrowserWindow as far as progress bars go. */
export function fakeProgressWindow() {
  const progress: number[] = [];
  return { progress, setProgressBar: (value: number) => void progress.push(value) };
}

/** Electron's Notification class: records what would have been shown. */
export function fakeNotificationClass(options: { supported?: boolean } = {}) {
  const shown: { title: string; body: string }[] = [];
  class FakeNotification {
    static isSupported = () => options.supported ?? true;
    constructor(private readonly options: { title?: string; body?: string }) {}
    show() {
      shown.push({ title: this.options.title ?? '', body: this.options.body ?? '' });
    }
  }
  return { Notification: FakeNotification, shown };
}

/** A BrowserWindow as far as the window manager and exports use it. */
export class FakeWindow {
  static nextId = 1;
  url = '';
  focused = 0;
  maximized = false;
  destroyed = false;
  sent: { channel: string; args: unknown[] }[] = [];
  progress: number[] = [];
  private listeners = new Map<string, (() => void)[]>();
  webContents = {
    id: FakeWindow.nextId++,
    send: (channel: string, ...args: unknown[]) => void this.sent.push({ channel, args }),
  };
  constructor(public bounds: { x: number; y: number; width: number; height: number; maximized: boolean }) {}
  getNormalBounds() {
    return { x: this.bounds.x, y: this.bounds.y, width: this.bounds.width, height: this.bounds.height };
  }
  isMaximized = () => this.maximized;
  isMinimized = () => false;
  isDestroyed = () => this.destroyed;
  maximize = () => void (this.maximized = true);
  restore = () => undefined;
  show = () => undefined;
  setProgressBar = (value: number) => void this.progress.push(value);
  focus = () => {
    this.focused += 1;
    this.emit('focus');
  };
  loadURL = async (url: string) => void (this.url = url);
  on(event: string, listener: () => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string) {
    for (const l of this.listeners.get(event) ?? []) l();
  }
  close() {
    this.emit('close');
    this.destroyed = true;
    this.emit('closed');
  }
}
