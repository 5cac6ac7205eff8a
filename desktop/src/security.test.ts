import type { HandlerDetails, WindowOpenHandlerResponse } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  guardWebContents,
  permissionAllowed,
  secureWebPreferences,
  type GuardableContents,
} from './security';
import { createUrlPolicy } from './trusted-url';

const policy = createUrlPolicy({ syncOrigin: 'https://sync.linkhub.test' });

/** A stand-in for Electron's WebContents (Electron cannot run here): records listeners and the open handler. */
function fakeContents() {
  const listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>();
  let openHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | undefined;
  const contents: GuardableContents = {
    on(event: string, listener: (event: { preventDefault(): void }, url: string) => void) {
      listeners.set(event, listener);
      return contents;
    },
    setWindowOpenHandler(handler) {
      openHandler = handler;
    },
  };
  const navigate = (event: string, url: string) => {
    let prevented = false;
    listeners.get(event)?.({ preventDefault: () => void (prevented = true) }, url);
    return prevented ? 'blocked' : 'allowed';
  };
  const open = (url: string) => {
    if (openHandler === undefined) throw new Error('no open handler');
    return openHandler({
      url,
      frameName: '',
      features: '',
      disposition: 'new-window',
      referrer: { url: '', policy: 'no-referrer' },
    });
  };
  return { contents, navigate, open };
}

function fakeShell() {
  const opened: string[] = [];
  return { opened, openExternal: async (url: string) => void opened.push(url) };
}

describe('window security', () => {
  it('isolates every window: context isolation, sandbox, no Node, web security', () => {
    const prefs = secureWebPreferences('/app/preload.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(secureWebPreferences(undefined)).not.toHaveProperty('preload');
  });

  it('denies permission requests by default; only clipboard writes from the app are allowed', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'fileSystem',
      'clipboard-read',
      'unknown',
    ]) {
      expect(permissionAllowed(permission, 'app://linkhub/', policy), permission).toBe(false);
    }
    expect(permissionAllowed('clipboard-sanitized-write', 'app://linkhub/', policy)).toBe(true);
    expect(permissionAllowed('clipboard-sanitized-write', 'https://example.com/', policy)).toBe(false);
    expect(permissionAllowed('clipboard-sanitized-write', 'https://sync.linkhub.test/', policy)).toBe(false);
  });

  it('keeps navigation on the app and the sync server, and sends web links to the system browser', async () => {
    const { contents, navigate } = fakeContents();
    const shell = fakeShell();
    guardWebContents(contents, policy, shell, '/app/preload.cjs');
    expect(navigate('will-navigate', 'app://linkhub/workspace/1')).toBe('allowed');
    expect(navigate('will-navigate', 'https://sync.linkhub.test/login')).toBe('allowed');
    expect(navigate('will-navigate', 'https://example.com/')).toBe('blocked');
    expect(navigate('will-redirect', 'https://evil.test/')).toBe('blocked');
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe('blocked');
    expect(navigate('will-navigate', 'javascript:alert(1)')).toBe('blocked');
    expect(navigate('will-attach-webview', 'https://example.com/')).toBe('blocked');
    await Promise.resolve();
    expect(shell.opened).toEqual(['https://example.com/', 'https://evil.test/']);
  });

  it('lets window.open create app and sync windows only; the bridge goes to app windows only', async () => {
    const { contents, open } = fakeContents();
    const shell = fakeShell();
    guardWebContents(contents, policy, shell, '/app/preload.cjs');
    const app = open('app://linkhub/workspace/2');
    expect(app.action).toBe('allow');
    expect(app.overrideBrowserWindowOptions?.webPreferences).toMatchObject({
      preload: '/app/preload.cjs',
      sandbox: true,
      contextIsolation: true,
    });
    const sync = open('https://sync.linkhub.test/billing/portal');
    expect(sync.action).toBe('allow');
    expect(sync.overrideBrowserWindowOptions?.webPreferences).not.toHaveProperty('preload');
    expect(open('https://example.com/help').action).toBe('deny');
    expect(open('data:text/html,hi').action).toBe('deny');
    expect(open('file:///C:/x').action).toBe('deny');
    await Promise.resolve();
    expect(shell.opened).toEqual(['https://example.com/help']);
  });
});
