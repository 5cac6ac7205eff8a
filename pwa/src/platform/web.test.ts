import { describe, expect, it } from 'vitest';
import {
  runBridgeContract,
  type BridgeHarness,
  type SavedFile,
} from '@linkhub/shared/platform/bridge.contract';
import { createWebBridge, TOKEN_KEY, type WebBridgeDeps } from './web';

/** Browser-like dependencies that record what the browser would have done (no DOM needed). */
function browserLike(
  options: { permission?: NotificationPermission; grantOnRequest?: boolean; badging?: boolean } = {},
) {
  const blobs = new Map<string, Blob>();
  const downloads: { name: string; blob: Blob; attached: boolean }[] = [];
  const storage = new Map<string, string>();
  const opened: string[] = [];
  const shown: { title: string; body: string }[] = [];
  const badges: number[] = [];
  const routes: string[] = [];
  const revoked: string[] = [];
  let permission = options.permission ?? 'granted';
  const deps: WebBridgeDeps = {
    createAnchor: () => {
      const anchor = {
        href: '',
        download: '',
        rel: '',
        attached: true,
        click() {
          const blob = blobs.get(anchor.href);
          if (blob !== undefined && anchor.attached)
            downloads.push({ name: anchor.download, blob, attached: anchor.attached });
        },
        remove() {
          anchor.attached = false;
        },
      };
      return anchor;
    },
    createObjectURL: (blob) => {
      const url = `blob:https://app.linkhub.test/${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: (url) => void revoked.push(url),
    sessionStorage: { removeItem: (key) => void storage.delete(key) },
    openWindow: (url) => void opened.push(url),
    notification: {
      permission: () => permission,
      requestPermission: async () => (permission = options.grantOnRequest === false ? 'denied' : 'granted'),
      show: (request) => void shown.push(request),
    },
    setAppBadge: options.badging === false ? null : async (count) => void badges.push(count),
    navigate: (route) => void routes.push(route),
    version: '0.1.0',
    later: (run) => run(),
  };
  return { deps, downloads, storage, opened, shown, badges, routes, revoked };
}

async function webHarness(): Promise<BridgeHarness> {
  const browser = browserLike();
  return {
    bridge: createWebBridge(browser.deps),
    expected: { isDesktop: false, version: '0.1.0', keepsToken: false },
    savedFiles: async (): Promise<SavedFile[]> =>
      Promise.all(
        browser.downloads.map(async (d) => ({
          name: d.name,
          bytes: new Uint8Array(await d.blob.arrayBuffer()),
        })),
      ),
    restart: async () => createWebBridge(browser.deps),
    openedExternally: () => browser.opened,
    notifications: () => browser.shown,
    badge: () => browser.badges.at(-1) ?? null,
    shownWorkspace: () => /^\/workspace\/([^/]+)$/.exec(browser.routes.at(-1) ?? '')?.[1] ?? null,
    cleanup: async () => undefined,
  };
}

runBridgeContract('web (browser APIs)', webHarness);

describe('web bridge, beyond the contract', () => {
  it('downloads with the right MIME type and frees the object URL afterwards', async () => {
    const browser = browserLike();
    await createWebBridge(browser.deps).saveFile({
      suggestedName: 'links.csv',
      mime: 'text/csv',
      bytes: new TextEncoder().encode('a,b'),
    });
    expect(browser.downloads[0]?.blob.type).toBe('text/csv');
    expect(browser.revoked).toEqual(['blob:https://app.linkhub.test/1']);
  });

  it('keeps no session token a script could read: the HttpOnly cookie carries the session', async () => {
    const browser = browserLike();
    browser.storage.set(TOKEN_KEY, 'lhs_left_by_an_older_build');
    const bridge = createWebBridge(browser.deps);
    expect(browser.storage.has(TOKEN_KEY)).toBe(false);
    await bridge.secureToken.set('lhs_tok');
    expect([...browser.storage.values()]).toEqual([]);
    expect(await bridge.secureToken.get()).toBeNull();
    const blocked = createWebBridge({ ...browserLike().deps, sessionStorage: null });
    await blocked.secureToken.set('lhs_tok2');
    expect(await blocked.secureToken.get()).toBeNull();
    await expect(bridge.secureToken.set('')).rejects.toThrow('invalid_argument');
  });

  it('asks for notification permission once and respects a refusal', async () => {
    const asking = browserLike({ permission: 'default' });
    expect(await createWebBridge(asking.deps).notify({ title: 'a', body: 'b' })).toBe(true);
    const refusing = browserLike({ permission: 'default', grantOnRequest: false });
    expect(await createWebBridge(refusing.deps).notify({ title: 'a', body: 'b' })).toBe(false);
    expect(refusing.shown).toEqual([]);
    expect(
      await createWebBridge({ ...browserLike().deps, notification: null }).notify({ title: 'a', body: 'b' }),
    ).toBe(false);
  });

  it('still accepts the unsynced count where the browser has no app badge', async () => {
    await expect(
      createWebBridge(browserLike({ badging: false }).deps).setUnsyncedCount(3),
    ).resolves.toBeUndefined();
  });
});
