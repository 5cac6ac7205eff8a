import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { AppCommand } from '@linkhub/shared/platform/bridge';
import { buildMenuTemplate } from './menu';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);
}

function build(platform: NodeJS.Platform, isDevelopment = false) {
  const sent: AppCommand[] = [];
  const template = buildMenuTemplate({
    platform,
    appName: 'LinkHub',
    isDevelopment,
    send: (c) => void sent.push(c),
  });
  return { template, items: flatten(template), sent };
}

describe('application menu', () => {
  it.each(['darwin', 'win32', 'linux'] as const)(
    'has the LinkHub shortcuts on %s, each sending its command',
    (platform) => {
      const { items, sent } = build(platform);
      const shortcuts = items.filter((i) => i.id !== undefined).map((i) => [i.label, i.accelerator]);
      expect(shortcuts).toEqual([
        ['New Link', 'CmdOrCtrl+N'],
        ['New QR Code', 'CmdOrCtrl+Shift+N'],
        ['Switch Workspace…', 'CmdOrCtrl+K'],
        ['Find…', 'CmdOrCtrl+F'],
      ]);
      // The template's click handlers ignore Electron's (menuItem, window, event) arguments.
      for (const i of items)
        if (i.id !== undefined && i.click !== undefined) Reflect.apply(i.click, undefined, []);
      expect(sent).toEqual(['new-link', 'new-qr', 'switch-workspace', 'find']);
    },
  );

  it('has the macOS app menu and standard menus on the Mac only', () => {
    const mac = build('darwin');
    expect(mac.template.map((m) => m.label)).toEqual(['LinkHub', 'File', 'Edit', 'View', 'Window']);
    expect(mac.items.map((i) => i.role)).toEqual(
      expect.arrayContaining([
        'about',
        'hide',
        'quit',
        'close',
        'copy',
        'paste',
        'pasteAndMatchStyle',
        'front',
      ]),
    );
    const win = build('win32');
    expect(win.template.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Window']);
    expect(win.items.map((i) => i.role)).toEqual(
      expect.arrayContaining([
        'quit',
        'undo',
        'redo',
        'cut',
        'copy',
        'paste',
        'selectAll',
        'zoomIn',
        'togglefullscreen',
        'minimize',
      ]),
    );
    expect(win.items.map((i) => i.role)).not.toContain('about');
  });

  it('offers developer tools only in development builds', () => {
    expect(build('linux').items.map((i) => i.role)).not.toContain('toggleDevTools');
    expect(build('linux', true).items.map((i) => i.role)).toContain('toggleDevTools');
  });
});
