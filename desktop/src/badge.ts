/**
 * Unsynced local changes, shown where the platform shows such things: the dock badge on macOS,
 * the tray icon's tooltip (and the launcher badge where Linux supports one) elsewhere.
 */
export type BadgeTargets = {
  platform: NodeJS.Platform;
  /** `app.dock` (macOS only). */
  dock?: { setBadge(text: string): void } | undefined;
  /** `app.setBadgeCount` (macOS, Linux Unity); returns false where unsupported. */
  setBadgeCount?: ((count?: number) => boolean) | undefined;
  /** The tray icon (Windows, Linux). */
  tray?: { setToolTip(toolTip: string): void } | undefined;
};

export function unsyncedLabel(count: number): string {
  if (count === 0) return 'LinkHub: all changes synced';
  return `LinkHub: ${count} change${count === 1 ? '' : 's'} not synced yet`;
}

export function createBadge(targets: BadgeTargets): {
  setUnsyncedCount(count: number): void;
  current(): number;
} {
  let current = 0;
  return {
    current: () => current,
    setUnsyncedCount(count) {
      current = count;
      if (targets.platform === 'darwin') {
        targets.dock?.setBadge(count > 0 ? String(count > 999 ? '999+' : count) : '');
        return;
      }
      targets.tray?.setToolTip(unsyncedLabel(count));
      if (targets.platform === 'linux') targets.setBadgeCount?.(count);
    },
  };
}
