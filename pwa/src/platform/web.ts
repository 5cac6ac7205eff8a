import {
  isExternalWebUrl,
  isSafeFileName,
  isValidUnsyncedCount,
  isWorkspaceId,
  type DesktopBridge,
  type NotifyRequest,
} from '@linkhub/shared/platform/bridge';

/** The few browser APIs the web bridge uses, injected so it runs (and is tested) without a DOM. */
export type WebBridgeDeps = {
  /** A new `<a>` already attached to the document. */
  createAnchor(): { href: string; download: string; rel: string; click(): void; remove(): void };
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
  /** sessionStorage, or null where storage is blocked: only to remove a token an older build left there. */
  sessionStorage: Pick<Storage, 'removeItem'> | null;
  openWindow(url: string): void;
  notification: {
    permission(): NotificationPermission;
    requestPermission(): Promise<NotificationPermission>;
    show(request: NotifyRequest): void;
  } | null;
  /** The Badging API of installed PWAs (`navigator.setAppBadge`), where supported. */
  setAppBadge: ((count: number) => Promise<void>) | null;
  /** Show an in-app route (the router's navigate). */
  navigate(route: string): void;
  version: string;
  /** Let a download start before its object URL is revoked. */
  later(run: () => void): void;
};

/** Where builds before D-495 kept the session token; removed when the bridge starts. */
export const TOKEN_KEY = 'linkhub.session';

const invalid = (detail: string) => new Error(`invalid_argument: ${detail}`);

/**
 * The browser implementation of the platform bridge: downloads instead of save dialogs, no token
 * at all (the editor is served from the sync-server's origin, so every call rides the HttpOnly
 * `lh_session` cookie, which no script can read: D-495), a new tab instead of the system browser,
 * the Badging API where the PWA is installed. Same type and same refusals as the desktop bridge.
 */
export function createWebBridge(deps: WebBridgeDeps): DesktopBridge {
  deps.sessionStorage?.removeItem(TOKEN_KEY);

  const download = (name: string, mime: string, bytes: Uint8Array) => {
    const url = deps.createObjectURL(new Blob([new Uint8Array(bytes)], { type: mime }));
    const anchor = deps.createAnchor();
    anchor.href = url;
    anchor.download = name;
    anchor.rel = 'noopener';
    anchor.click();
    anchor.remove();
    deps.later(() => deps.revokeObjectURL(url));
  };

  return {
    isDesktop: false,
    async saveFile(request) {
      if (!isSafeFileName(request.suggestedName)) throw invalid('suggestedName must be a plain file name');
      download(request.suggestedName, request.mime, request.bytes);
      return { saved: true };
    },
    async saveBatch(files, onProgress) {
      if (files.length === 0) throw invalid('files must not be empty');
      for (const file of files)
        if (!isSafeFileName(file.name)) throw invalid(`${file.name} is not a plain file name`);
      let written = 0;
      for (const file of files) {
        download(file.name, file.mime, file.bytes);
        written += 1;
        onProgress?.({ done: written, total: files.length, name: file.name });
      }
      return { saved: true, written };
    },
    // Nothing is kept: callers then send no Authorization header and the cookie does the work.
    secureToken: {
      async get() {
        return null;
      },
      async set(token) {
        if (token.length === 0 || token.length > 8_192) throw invalid('token must be 1 to 8192 characters');
      },
      async clear() {
        deps.sessionStorage?.removeItem(TOKEN_KEY);
      },
    },
    async appVersion() {
      return deps.version;
    },
    async openExternal(url) {
      if (!isExternalWebUrl(url)) return false;
      deps.openWindow(new URL(url).href);
      return true;
    },
    async notify(request) {
      const notification = deps.notification;
      if (notification === null) return false;
      let permission = notification.permission();
      if (permission === 'default') permission = await notification.requestPermission();
      if (permission !== 'granted') return false;
      notification.show(request);
      return true;
    },
    async setUnsyncedCount(count) {
      if (!isValidUnsyncedCount(count)) throw invalid('count must be a whole number ≥ 0');
      await deps.setAppBadge?.(count);
    },
    async openWorkspace(workspaceId) {
      if (!isWorkspaceId(workspaceId)) throw invalid('workspaceId must be a workspace id');
      deps.navigate(`/workspace/${workspaceId}`);
    },
    onAppEvent() {
      // The browser has no native menu or deep links: nothing ever arrives.
      return () => undefined;
    },
  };
}

/** The real browser's dependencies. */
export function browserDeps(
  window: Window & typeof globalThis,
  options: { version: string; navigate(route: string): void },
): WebBridgeDeps {
  const storage = (() => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  })();
  const NotificationApi = typeof window.Notification === 'function' ? window.Notification : null;
  const navigator = window.navigator;
  return {
    createAnchor: () => {
      const anchor = window.document.createElement('a');
      anchor.style.display = 'none';
      window.document.body.append(anchor);
      return anchor;
    },
    createObjectURL: (blob) => window.URL.createObjectURL(blob),
    revokeObjectURL: (url) => window.URL.revokeObjectURL(url),
    sessionStorage: storage,
    openWindow: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    notification:
      NotificationApi === null
        ? null
        : {
            permission: () => NotificationApi.permission,
            requestPermission: () => NotificationApi.requestPermission(),
            show: (request) => void new NotificationApi(request.title, { body: request.body, silent: true }),
          },
    setAppBadge:
      typeof navigator.setAppBadge === 'function'
        ? (count) => (count === 0 ? navigator.clearAppBadge() : navigator.setAppBadge(count))
        : null,
    navigate: options.navigate,
    version: options.version,
    later: (run) => void window.setTimeout(run, 30_000),
  };
}
