import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleDesktop } from './bundle';

/**
 * electron-builder run for real against the root electron-builder.yml, packing our bundle into an
 * unpacked Linux app. Electron's binary cannot be downloaded here, so `electronDist` points at a
 * stand-in distribution (an executable named `electron`); everything electron-builder does with our
 * config and our files is real. Installers (AppImage, deb, dmg, nsis) need tools it downloads, and
 * are not built here.
 */
const desktopDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(desktopDir, '..');

let dir = '';
const unpacked = () => path.join(dir, 'release', 'linux-unpacked');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'linkhub-package-'));
  const app = path.join(dir, 'app');
  await bundleDesktop({
    desktopDir,
    outDir: path.join(app, 'dist'),
    syncUrl: 'https://sync.linkhub.test',
    minify: true,
  });
  await mkdir(path.join(app, 'dist', 'renderer'), { recursive: true });
  await writeFile(path.join(app, 'dist', 'renderer', 'index.html'), '<!doctype html><div id="root"></div>');
  await cp(path.join(desktopDir, 'package.json'), path.join(app, 'package.json'));
  const electronDist = path.join(dir, 'electron-dist');
  await mkdir(path.join(electronDist, 'resources'), { recursive: true });
  await writeFile(path.join(electronDist, 'electron'), '#!/bin/sh\n');
  await chmod(path.join(electronDist, 'electron'), 0o755);
  await writeFile(path.join(electronDist, 'version'), '39.8.9');
  await promisify(execFile)(
    'npx',
    [
      'electron-builder',
      '--linux',
      'dir',
      '--config',
      path.join(repo, 'electron-builder.yml'),
      `-c.directories.app=${app}`,
      `-c.directories.output=${path.join(dir, 'release')}`,
      `-c.electronDist=${electronDist}`,
      '--publish',
      'never',
    ],
    {
      cwd: repo,
      env: { ...process.env, LINKHUB_UPDATE_URL: 'https://updates.linkhub.test/desktop', CI: 'true' },
    },
  );
}, 240_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('electron-builder packaging (Linux, unpacked)', () => {
  it('produces the app executable and an asar with main, preload and the renderer', async () => {
    const files = await readdir(unpacked());
    expect(files).toContain('linkhub');
    const resources = await readdir(path.join(unpacked(), 'resources'));
    expect(resources).toEqual(expect.arrayContaining(['app.asar', 'app-update.yml']));
    const asar = await readFile(path.join(unpacked(), 'resources', 'app.asar'));
    const header = asar.subarray(0, 64 * 1024).toString('utf8');
    for (const name of [
      '"main.js"',
      '"preload.cjs"',
      '"renderer"',
      '"index.html"',
      '"package.json"',
      '"tray.png"',
    ])
      expect(header).toContain(name);
    expect(header).not.toContain('.map"');
    expect(header).not.toContain('node_modules');
  });

  it('points auto-update at the configured feed', async () => {
    const updateConfig = await readFile(path.join(unpacked(), 'resources', 'app-update.yml'), 'utf8');
    expect(updateConfig).toContain('provider: generic');
    expect(updateConfig).toContain('url: https://updates.linkhub.test/desktop');
  });
});
