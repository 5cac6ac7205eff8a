/**
 * The one contract between the editor and the platform it runs on (STYLE.md: platform seams).
 *
 * The PWA talks to the desktop only through this type: `pwa/src/platform/web.ts` implements it with
 * browser APIs, `desktop/src/bridge-client.ts` (exposed by the preload as `window.linkhub`) implements
 * it over Electron IPC. Plain TypeScript on purpose: the preload bundle stays tiny, and the main
 * process validates every argument it receives (`desktop/src/ipc/validate.ts`).
 */

export type SaveFileRequest = {
  /** File name offered to the user, e.g. `spring-sale-qr.pdf`. No folders. */
  suggestedName: string;
  /** MIME type of the bytes, e.g. `application/pdf`. */
  mime: string;
  bytes: Uint8Array;
};

export type SaveFileResult = {
  /** false when the user cancelled the dialog. */
  saved: boolean;
  /** Where the file was written, when the platform knows (desktop: always when saved). */
  path?: string;
};

export type BatchFile = { name: string; mime: string; bytes: Uint8Array };

export type BatchProgress = { done: number; total: number; name: string };

export type SaveBatchResult = {
  saved: boolean;
  /** Number of files written. */
  written: number;
  /** The chosen folder (desktop only). */
  folder?: string;
};

export type NotifyRequest = { title: string; body: string };

/** Commands the native menu sends to the focused window (desktop); the web build never emits them. */
export const APP_COMMANDS = ['new-link', 'new-qr', 'find', 'switch-workspace'] as const;
export type AppCommand = (typeof APP_COMMANDS)[number];

export type AppEvent =
  | { type: 'command'; command: AppCommand }
  /** An in-app route to show, e.g. `/workspace/{id}/links/{id}` (from a deep link). */
  | { type: 'navigate'; route: string };

export type SecureTokenStore = {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
};

export type DesktopBridge = {
  /** true inside the Electron shell, false in a browser. The only platform check the PWA needs. */
  readonly isDesktop: boolean;
  /** Save one file: a native save dialog on desktop, a download in the browser. */
  saveFile(request: SaveFileRequest): Promise<SaveFileResult>;
  /** Save many files: into a folder the user picks on desktop, as downloads in the browser. */
  saveBatch(
    files: readonly BatchFile[],
    onProgress?: (progress: BatchProgress) => void,
  ): Promise<SaveBatchResult>;
  /** The session token: OS-encrypted (safeStorage) on desktop, sessionStorage in the browser. */
  readonly secureToken: SecureTokenStore;
  appVersion(): Promise<string>;
  /** Open an http(s) URL in the system browser (desktop) or a new tab. Anything else is refused: false. */
  openExternal(url: string): Promise<boolean>;
  /** Show a system notification; false when the platform or the user does not allow it. */
  notify(request: NotifyRequest): Promise<boolean>;
  /** Unsynced local changes: the dock badge (mac), tray tooltip (elsewhere), app badge (installed PWA). */
  setUnsyncedCount(count: number): Promise<void>;
  /** Show a workspace: its own window on desktop, a route change in the browser. */
  openWorkspace(workspaceId: string): Promise<void>;
  /** Menu commands and deep links (desktop). Returns the unsubscribe function. */
  onAppEvent(listener: (event: AppEvent) => void): () => void;
};

/** Same type under the name the PWA uses for "whatever platform we are on". */
export type PlatformBridge = DesktopBridge;

/** The global the preload exposes (`contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, …)`). */
export const BRIDGE_GLOBAL = 'linkhub';

/** Rules both implementations apply before doing anything (so they refuse the same inputs). */
export function isValidUnsyncedCount(count: number): boolean {
  return Number.isInteger(count) && count >= 0 && count <= 1_000_000;
}

/** A file name without folders, traversal or control characters, at most 200 characters. */
export function isSafeFileName(name: string): boolean {
  if (name.length === 0 || name.length > 200) return false;
  if (name === '.' || name === '..') return false;
  // eslint-disable-next-line no-control-regex
  return !/[/\\:*?"<>|\u0000-\u001f]/.test(name);
}

/** Only http(s) URLs may be opened outside the app. */
export function isExternalWebUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}

/** A workspace id as it appears in routes and deep links (UUID). */
export function isWorkspaceId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** Checks a message claiming to be an AppEvent (it crosses a process boundary). */
export function isAppEvent(value: unknown): value is AppEvent {
  if (typeof value !== 'object' || value === null) return false;
  if ('type' in value && value.type === 'command' && 'command' in value) {
    return APP_COMMANDS.some((command) => command === value.command);
  }
  if ('type' in value && value.type === 'navigate' && 'route' in value) {
    return typeof value.route === 'string' && value.route.startsWith('/') && !value.route.startsWith('//');
  }
  return false;
}
