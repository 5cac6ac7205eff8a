import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '@linkhub/shared/platform/bridge';

export type MenuOptions = {
  platform: NodeJS.Platform;
  appName: string;
  /** Developer tools and reload only in unpackaged builds. */
  isDevelopment: boolean;
  /** Deliver a command to the focused window. */
  send(command: AppCommand): void;
};

/** The app's own commands and their shortcuts (also listed in the PWA's shortcut help). */
export const MENU_COMMANDS = [
  { command: 'new-link', label: 'New Link', accelerator: 'CmdOrCtrl+N', menu: 'file' },
  { command: 'new-qr', label: 'New QR Code', accelerator: 'CmdOrCtrl+Shift+N', menu: 'file' },
  { command: 'switch-workspace', label: 'Switch Workspace…', accelerator: 'CmdOrCtrl+K', menu: 'file' },
  { command: 'find', label: 'Find…', accelerator: 'CmdOrCtrl+F', menu: 'edit' },
] as const satisfies readonly {
  command: AppCommand;
  label: string;
  accelerator: string;
  menu: 'file' | 'edit';
}[];

const separator: MenuItemConstructorOptions = { type: 'separator' };

/** The application menu as a template (main passes it to `Menu.buildFromTemplate`). */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin';
  const item = (command: AppCommand): MenuItemConstructorOptions => {
    const entry = MENU_COMMANDS.find((c) => c.command === command);
    return {
      id: command,
      label: entry?.label ?? command,
      ...(entry === undefined ? {} : { accelerator: entry.accelerator }),
      click: () => options.send(command),
    };
  };

  const appMenu: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: options.appName,
          submenu: [
            { role: 'about' },
            separator,
            { role: 'services' },
            separator,
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            separator,
            { role: 'quit' },
          ],
        },
      ]
    : [];

  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      item('new-link'),
      item('new-qr'),
      separator,
      item('switch-workspace'),
      separator,
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  };

  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      { role: 'selectAll' },
      separator,
      item('find'),
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      ...(options.isDevelopment
        ? [
            { role: 'reload' } as const,
            { role: 'forceReload' } as const,
            { role: 'toggleDevTools' } as const,
            separator,
          ]
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };

  const window: MenuItemConstructorOptions = {
    label: 'Window',
    submenu: isMac
      ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };

  return [...appMenu, file, edit, view, window];
}
