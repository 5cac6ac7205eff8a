import { describe, expect, it } from 'vitest';
import { createBadge } from './badge';

function targets(platform: NodeJS.Platform) {
  const seen = { dock: [] as string[], tray: [] as string[], count: [] as (number | undefined)[] };
  return {
    seen,
    platform,
    dock: { setBadge: (text: string) => void seen.dock.push(text) },
    tray: { setToolTip: (text: string) => void seen.tray.push(text) },
    setBadgeCount: (count?: number) => (seen.count.push(count), true),
  };
}

describe('unsynced badge', () => {
  it('shows the count on the macOS dock and clears it when everything is synced', () => {
    const t = targets('darwin');
    const badge = createBadge(t);
    badge.setUnsyncedCount(3);
    badge.setUnsyncedCount(1200);
    badge.setUnsyncedCount(0);
    expect(t.seen.dock).toEqual(['3', '999+', '']);
    expect(t.seen.tray).toEqual([]);
  });

  it('says it in the tray tooltip on Windows and Linux (plus the launcher badge on Linux)', () => {
    const win = targets('win32');
    createBadge(win).setUnsyncedCount(1);
    expect(win.seen.tray).toEqual(['LinkHub: 1 change not synced yet']);
    expect(win.seen.count).toEqual([]);
    const linux = targets('linux');
    const badge = createBadge(linux);
    badge.setUnsyncedCount(5);
    badge.setUnsyncedCount(0);
    expect(linux.seen.tray).toEqual(['LinkHub: 5 changes not synced yet', 'LinkHub: all changes synced']);
    expect(linux.seen.count).toEqual([5, 0]);
    expect(badge.current()).toBe(0);
  });
});
