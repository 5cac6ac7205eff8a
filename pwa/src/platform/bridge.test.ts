import { describe, expect, it } from 'vitest';
import type { DesktopBridge } from '@linkhub/shared/platform/bridge';
import { choosePlatform } from './bridge';
import { electronBridge } from './electron';

const noop = async () => undefined;
const desktopLike: DesktopBridge = {
  isDesktop: true,
  saveFile: async () => ({ saved: false }),
  saveBatch: async () => ({ saved: false, written: 0 }),
  secureToken: { get: async () => null, set: noop, clear: noop },
  appVersion: async () => '0.1.0',
  openExternal: async () => false,
  notify: async () => false,
  setUnsyncedCount: noop,
  openWorkspace: noop,
  onAppEvent: () => () => undefined,
};
const webLike: DesktopBridge = { ...desktopLike, isDesktop: false };

describe('choosing the platform', () => {
  it('uses the bridge the desktop preload exposed as window.linkhub', () => {
    expect(choosePlatform({ linkhub: desktopLike }, () => webLike)).toBe(desktopLike);
  });

  it('falls back to the web implementation in a browser, or when window.linkhub is not a bridge', () => {
    expect(choosePlatform({}, () => webLike)).toBe(webLike);
    expect(choosePlatform({ linkhub: { isDesktop: true } }, () => webLike)).toBe(webLike);
    expect(choosePlatform({ linkhub: { ...desktopLike, saveFile: 'nope' } }, () => webLike)).toBe(webLike);
    expect(electronBridge({ linkhub: null })).toBeNull();
  });
});
