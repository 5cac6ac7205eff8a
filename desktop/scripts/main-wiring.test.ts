import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleDesktop } from './bundle';

/**
 * The real bundled main.js, started under plain Node with a stand-in for the `electron` module
 * (fixtures/fake-electron.cjs: Electron's binary cannot run here). Proves main.ts wires every module
 * in and that the bundle starts at all (ESM/CommonJS interop of bundled dependencies included).
 */
const scripts = path.dirname(fileURLToPath(import.meta.url));
const desktopDir = path.resolve(scripts, '..');
const WS = '0190d6a4-1b2c-7d3e-8f40-5a6b7c8d9e0f';
const LINK = '0190d6a4-aaaa-7bbb-8ccc-dddddddddddd';

const withoutSyncUrl = (env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(env).filter(([key]) => key !== 'LINKHUB_SYNC_URL'));

let dir = '';
let wired: Record<string, unknown> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'linkhub-main-'));
  const outDir = path.join(dir, 'dist');
  await bundleDesktop({ desktopDir, outDir, syncUrl: 'https://sync.linkhub.test', minify: false });
  await mkdir(path.join(outDir, 'renderer'), { recursive: true });
  await writeFile(path.join(outDir, 'renderer', 'index.html'), '<!doctype html><div id="root"></div>');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(scripts, 'fixtures', 'start-main.mjs'),
      path.join(outDir, 'main.js'),
      path.join(scripts, 'fixtures', 'fake-electron.cjs'),
      `linkhub://workspace/${WS}/links/${LINK}`,
    ],
    { env: { ...withoutSyncUrl(process.env), FAKE_ELECTRON_USER_DATA: path.join(dir, 'userData') } },
  );
  wired = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('main.ts wiring (bundled main.js on a stand-in Electron)', () => {
  it('registers app:// as a privileged scheme and serves the renderer through it, refusing traversal', () => {
    expect(wired.privileged).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
    expect(wired.indexStatus).toBe(200);
    expect(wired.indexCsp).toContain('connect-src');
    // The URL parser already folds the encoded dot-segments; either way main.js (outside the renderer) is not served.
    expect([403, 404]).toContain(wired.traversalStatus);
  });

  it('forwards API paths to the sync server (unreachable here: a 503 envelope, not the app shell)', () => {
    expect(wired.apiStatus).toBe(503);
    expect(wired.apiType).toBe('application/json; charset=utf-8');
  });

  it('registers linkhub:// deep links, single-instance and security hooks', () => {
    expect(wired.protocolClients).toEqual([['linkhub']]);
    expect(wired.appEvents).toEqual(
      expect.arrayContaining([
        'open-url',
        'second-instance',
        'web-contents-created',
        'window-all-closed',
        'activate',
        'will-quit',
      ]),
    );
    expect(wired.permissionHandlers).toBe(2);
  });

  it('opens the deep-linked screen in a sandboxed, isolated window with the preload', () => {
    const windows = wired.windows as { urls: string[]; webPreferences: Record<string, unknown> }[];
    expect(windows).toHaveLength(1);
    expect(windows[0]?.urls).toEqual([`app://linkhub/workspace/${WS}/links/${LINK}`]);
    expect(windows[0]?.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
    expect(String(windows[0]?.webPreferences.preload)).toMatch(/preload\.cjs$/);
  });

  it('answers every bridge channel, for the app only', () => {
    expect(wired.channels).toHaveLength(10);
    expect(wired.version).toBe('0.1.0');
    expect(wired.foreignSender).toMatch(/forbidden_sender/);
  });

  it('installs the menu and (off macOS) a tray icon showing the sync state', () => {
    expect(wired.menuLabels).toEqual(['File', 'Edit', 'View', 'Window']);
    expect(String((wired.trayIcons as string[])[0])).toMatch(/icons[/\\]tray\.png$/);
    expect(wired.trayToolTip).toBe('LinkHub: all changes synced');
  });
});
