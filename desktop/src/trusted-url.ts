import { APP_ORIGIN } from './protocol';

/**
 * Where a URL may go from inside the app window:
 * - `app`: the app itself (`app://linkhub/…`), loads in the window;
 * - `sync`: the configured sync server (sign-in, billing portal), loads in the window;
 * - `external`: every other http(s) URL, opened in the system browser, never in the app;
 * - `deny`: everything else (file:, javascript:, data:, blob:, other schemes, credentials in the URL).
 */
export type UrlVerdict = 'app' | 'sync' | 'external' | 'deny';

export type UrlPolicy = {
  classify(url: string): UrlVerdict;
  /** May the window navigate to (or open a child window on) this URL? */
  mayLoadInApp(url: string): boolean;
};

export function createUrlPolicy(options: { syncOrigin: string }): UrlPolicy {
  const syncOrigin = new URL(options.syncOrigin).origin;
  const classify = (raw: string): UrlVerdict => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return 'deny';
    }
    if (url.username !== '' || url.password !== '') return 'deny';
    if (url.protocol === 'app:') return `${url.protocol}//${url.host}` === APP_ORIGIN ? 'app' : 'deny';
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'deny';
    if (url.origin === syncOrigin) return 'sync';
    return 'external';
  };
  return {
    classify,
    mayLoadInApp: (url) => {
      const verdict = classify(url);
      return verdict === 'app' || verdict === 'sync';
    },
  };
}

/** The one way the app opens a URL outside itself: http(s) not belonging to the app, via the OS browser. */
export async function openExternally(
  policy: UrlPolicy,
  shell: { openExternal(url: string): Promise<void> },
  url: string,
): Promise<boolean> {
  const verdict = policy.classify(url);
  if (verdict !== 'external' && verdict !== 'sync') return false;
  await shell.openExternal(new URL(url).href);
  return true;
}
