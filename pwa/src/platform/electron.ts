import { BRIDGE_GLOBAL, type DesktopBridge } from '@linkhub/shared/platform/bridge';

const METHODS = [
  'saveFile',
  'saveBatch',
  'appVersion',
  'openExternal',
  'notify',
  'setUnsyncedCount',
  'openWorkspace',
  'onAppEvent',
] as const;

function isDesktopBridge(value: unknown): value is DesktopBridge {
  if (typeof value !== 'object' || value === null) return false;
  if (!('isDesktop' in value) || value.isDesktop !== true) return false;
  if (!('secureToken' in value) || typeof value.secureToken !== 'object' || value.secureToken === null)
    return false;
  const token = value.secureToken;
  if (!('get' in token && 'set' in token && 'clear' in token)) return false;
  return METHODS.every((method) => method in value && typeof Reflect.get(value, method) === 'function');
}

/**
 * The bridge the desktop preload exposed as `window.linkhub`, or null in a browser (or when the
 * object does not have the contract's shape, e.g. an older desktop build).
 */
export function electronBridge(global: object): DesktopBridge | null {
  const candidate: unknown = Reflect.get(global, BRIDGE_GLOBAL);
  return isDesktopBridge(candidate) ? candidate : null;
}
