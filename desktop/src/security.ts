import type { HandlerDetails, Session, WebPreferences, WindowOpenHandlerResponse } from 'electron';
import { openExternally, type UrlPolicy } from './trusted-url';

/** The webPreferences of every app window (Electron security checklist). */
export function secureWebPreferences(preloadPath: string | undefined): WebPreferences {
  return {
    ...(preloadPath === undefined ? {} : { preload: preloadPath }),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
  };
}

/** Permissions a page may get. Only copying to the clipboard, only from the app itself. */
export function permissionAllowed(permission: string, requestingUrl: string, policy: UrlPolicy): boolean {
  return permission === 'clipboard-sanitized-write' && policy.classify(requestingUrl) === 'app';
}

/** Every permission request and check denied unless `permissionAllowed` says otherwise. */
export function hardenSession(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
  policy: UrlPolicy,
): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(permissionAllowed(permission, details.requestingUrl, policy));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionAllowed(permission, requestingOrigin, policy),
  );
}

type Shell = { openExternal(url: string): Promise<void> };
type PreventableEvent = { preventDefault(): void };

/** The parts of a WebContents the guard uses (a real `WebContents` satisfies it). */
export type GuardableContents = {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: PreventableEvent, url: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void;
};

/**
 * Navigation stays on the app and the sync server; any other web link goes to the system browser;
 * file:, javascript:, data: and the like go nowhere. Child windows get the same locked-down
 * preferences, and only app pages get the bridge.
 */
export function guardWebContents(
  contents: GuardableContents,
  policy: UrlPolicy,
  shell: Shell,
  preloadPath: string,
): void {
  const onNavigate = (event: PreventableEvent, url: string) => {
    if (policy.mayLoadInApp(url)) return;
    event.preventDefault();
    void openExternally(policy, shell, url);
  };
  contents.on('will-navigate', onNavigate);
  contents.on('will-redirect', onNavigate);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler((details) => windowOpenDecision(details.url, policy, shell, preloadPath));
}

export function windowOpenDecision(
  url: string,
  policy: UrlPolicy,
  shell: Shell,
  preloadPath: string,
): WindowOpenHandlerResponse {
  const verdict = policy.classify(url);
  if (verdict === 'app' || verdict === 'sync') {
    return {
      action: 'allow',
      overrideBrowserWindowOptions: {
        webPreferences: secureWebPreferences(verdict === 'app' ? preloadPath : undefined),
      },
    };
  }
  if (verdict === 'external') void openExternally(policy, shell, url);
  return { action: 'deny' };
}
