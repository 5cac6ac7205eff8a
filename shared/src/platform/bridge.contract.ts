/**
 * The bridge contract suite (STYLE.md: one suite, every implementation). Run by
 * `pwa/src/platform/web.test.ts` against the browser implementation and by
 * `desktop/src/bridge.contract.test.ts` against the preload bridge wired to the real main-process
 * handlers. Both must behave the same wherever the user could tell the difference.
 */
import { describe, expect, it } from 'vitest';
import type { BatchProgress, DesktopBridge } from './bridge';

export type SavedFile = { name: string; bytes: Uint8Array };

export type BridgeHarness = {
  bridge: DesktopBridge;
  /**
   * `keepsToken`: the desktop keeps the session token in the OS store; the web build keeps none (the
   * HttpOnly session cookie carries the session, D-495), so its `get()` stays null.
   */
  expected: { isDesktop: boolean; version: string; keepsToken: boolean };
  /** Files the user ended up with (downloads, or files written where the dialog said). */
  savedFiles(): Promise<SavedFile[]>;
  /** Quit and relaunch the app / reload the tab: a new bridge over the same persistent storage. */
  restart(): Promise<DesktopBridge>;
  openedExternally(): string[];
  notifications(): { title: string; body: string }[];
  /** The unsynced count the user sees on the badge (0 when cleared, null if never set). */
  badge(): number | null;
  /** The workspace the user is looking at after openWorkspace. */
  shownWorkspace(): string | null;
  cleanup(): Promise<void>;
};

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);
const WORKSPACE = '0190d6a4-1b2c-7d3e-8f40-5a6b7c8d9e0f';

export function runBridgeContract(name: string, makeHarness: () => Promise<BridgeHarness>): void {
  const withHarness = (run: (h: BridgeHarness) => Promise<void>) => async () => {
    const harness = await makeHarness();
    try {
      await run(harness);
    } finally {
      await harness.cleanup();
    }
  };

  describe(`bridge contract: ${name}`, () => {
    it(
      'says which platform it is and which version runs',
      withHarness(async (h) => {
        expect(h.bridge.isDesktop).toBe(h.expected.isDesktop);
        expect(await h.bridge.appVersion()).toBe(h.expected.version);
      }),
    );

    it(
      'saves a file with its exact bytes under the suggested name',
      withHarness(async (h) => {
        const result = await h.bridge.saveFile({
          suggestedName: 'spring-sale-qr.svg',
          mime: 'image/svg+xml',
          bytes: bytes('<svg>qr</svg>'),
        });
        expect(result.saved).toBe(true);
        const files = await h.savedFiles();
        expect(files.map((f) => [f.name, text(f.bytes)])).toEqual([['spring-sale-qr.svg', '<svg>qr</svg>']]);
      }),
    );

    it(
      'refuses a file name that is a path, and saves nothing',
      withHarness(async (h) => {
        for (const suggestedName of ['../evil.sh', 'a/b.pdf', 'C:\\x.pdf', '']) {
          await expect(
            h.bridge.saveFile({ suggestedName, mime: 'application/pdf', bytes: bytes('x') }),
            suggestedName,
          ).rejects.toThrow(/invalid_argument/);
        }
        expect(await h.savedFiles()).toEqual([]);
      }),
    );

    it(
      'saves a batch, reporting progress file by file',
      withHarness(async (h) => {
        const progress: BatchProgress[] = [];
        const files = ['qr-a.png', 'qr-b.png', 'qr-c.png'].map((n) => ({
          name: n,
          mime: 'image/png',
          bytes: bytes(`png ${n}`),
        }));
        const result = await h.bridge.saveBatch(files, (p) => progress.push(p));
        expect(result).toMatchObject({ saved: true, written: 3 });
        expect(progress).toEqual([
          { done: 1, total: 3, name: 'qr-a.png' },
          { done: 2, total: 3, name: 'qr-b.png' },
          { done: 3, total: 3, name: 'qr-c.png' },
        ]);
        const saved = (await h.savedFiles()).map((f) => [f.name, text(f.bytes)]).sort();
        expect(saved).toEqual([
          ['qr-a.png', 'png qr-a.png'],
          ['qr-b.png', 'png qr-b.png'],
          ['qr-c.png', 'png qr-c.png'],
        ]);
      }),
    );

    it(
      'keeps the session token across a restart and forgets it on clear (desktop), keeps none readable (web)',
      withHarness(async (h) => {
        expect(await h.bridge.secureToken.get()).toBeNull();
        if (!h.expected.keepsToken) {
          await h.bridge.secureToken.set('lh_sess_abc123');
          expect(await h.bridge.secureToken.get()).toBeNull();
          expect(await (await h.restart()).secureToken.get()).toBeNull();
          await expect(h.bridge.secureToken.set('')).rejects.toThrow(/invalid_argument/);
          return;
        }
        await h.bridge.secureToken.set('lh_sess_abc123');
        expect(await h.bridge.secureToken.get()).toBe('lh_sess_abc123');
        const restarted = await h.restart();
        expect(await restarted.secureToken.get()).toBe('lh_sess_abc123');
        await restarted.secureToken.clear();
        expect(await restarted.secureToken.get()).toBeNull();
        await expect(restarted.secureToken.set('')).rejects.toThrow(/invalid_argument/);
      }),
    );

    it(
      'opens web links outside the app and refuses every other kind of URL',
      withHarness(async (h) => {
        expect(await h.bridge.openExternal('https://example.com/pricing?ref=app')).toBe(true);
        for (const url of [
          'javascript:alert(1)',
          'file:///etc/passwd',
          'data:text/html,hi',
          'https://user:pw@example.com/',
          'not a url',
        ]) {
          expect(await h.bridge.openExternal(url), url).toBe(false);
        }
        expect(h.openedExternally()).toEqual(['https://example.com/pricing?ref=app']);
      }),
    );

    it(
      'shows a notification',
      withHarness(async (h) => {
        expect(await h.bridge.notify({ title: 'Export ready', body: '12 QR codes saved' })).toBe(true);
        expect(h.notifications()).toEqual([{ title: 'Export ready', body: '12 QR codes saved' }]);
      }),
    );

    it(
      'shows the unsynced count on the badge and refuses counts that are not whole numbers',
      withHarness(async (h) => {
        await h.bridge.setUnsyncedCount(4);
        expect(h.badge()).toBe(4);
        for (const count of [-1, 1.5, Number.NaN]) {
          await expect(h.bridge.setUnsyncedCount(count), String(count)).rejects.toThrow(/invalid_argument/);
        }
        expect(h.badge()).toBe(4);
        await h.bridge.setUnsyncedCount(0);
        expect(h.badge()).toBe(0);
      }),
    );

    it(
      'shows a workspace, refusing ids that are not workspace ids',
      withHarness(async (h) => {
        await h.bridge.openWorkspace(WORKSPACE);
        expect(h.shownWorkspace()).toBe(WORKSPACE);
        await expect(h.bridge.openWorkspace('../../settings')).rejects.toThrow(/invalid_argument/);
        expect(h.shownWorkspace()).toBe(WORKSPACE);
      }),
    );

    it(
      'lets the app subscribe to app events and unsubscribe',
      withHarness(async (h) => {
        const unsubscribe = h.bridge.onAppEvent(() => undefined);
        expect(typeof unsubscribe).toBe('function');
        unsubscribe();
      }),
    );
  });
}
