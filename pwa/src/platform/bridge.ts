/**
 * The PWA's only door to the platform (STYLE.md: platform seams). Everything else in the PWA asks
 * `platform()` and never checks for Electron itself; pwa/src/platform/seam.test.ts enforces that.
 */
import type { DesktopBridge } from '@linkhub/shared/platform/bridge';
import { electronBridge } from './electron';
import { browserDeps, createWebBridge } from './web';

export type { AppCommand, AppEvent, DesktopBridge, PlatformBridge } from '@linkhub/shared/platform/bridge';

/** The desktop bridge when the preload exposed one, else the browser implementation. */
export function choosePlatform(global: object, makeWeb: () => DesktopBridge): DesktopBridge {
  return electronBridge(global) ?? makeWeb();
}

let current: DesktopBridge | undefined;

/** The platform bridge of this page (created once). */
export function platform(): DesktopBridge {
  current ??= choosePlatform(window, () =>
    createWebBridge(
      browserDeps(window, {
        version: import.meta.env.VITE_APP_VERSION ?? '0.0.0',
        navigate: (route) => {
          window.history.pushState(null, '', route);
          window.dispatchEvent(new PopStateEvent('popstate'));
        },
      }),
    ),
  );
  return current;
}
