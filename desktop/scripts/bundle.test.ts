import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import vm from 'node:vm';
import { isBuiltin } from 'node:module';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from '../src/protocol';
import { bundleDesktop, copyRenderer, runtimeImports } from './bundle';

const desktopDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pwaDir = path.resolve(desktopDir, '../pwa');

let dir = '';
let bundles: Awaited<ReturnType<typeof bundleDesktop>>;
const outDir = () => path.join(dir, 'dist');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'linkhub-bundle-'));
  bundles = await bundleDesktop({
    desktopDir,
    outDir: outDir(),
    syncUrl: 'https://sync.linkhub.test',
    minify: true,
  });
  // The real PWA, built by Vite into a scratch folder, copied in as the renderer.
  await promisify(execFile)(
    'npx',
    ['vite', 'build', '--outDir', path.join(dir, 'pwa-dist'), '--emptyOutDir', '--logLevel', 'error'],
    { cwd: pwaDir },
  );
  await copyRenderer(path.join(dir, 'pwa-dist'), outDir());
}, 180_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the unpacked desktop app', () => {
  it('has main, preload, icons and the renderer', async () => {
    const files = await readdir(outDir());
    expect(files).toEqual(expect.arrayContaining(['main.js', 'preload.cjs', 'icons', 'renderer']));
    expect(await readdir(path.join(outDir(), 'renderer'))).toContain('index.html');
    expect(await readdir(path.join(outDir(), 'icons'))).toContain('tray.png');
  });

  it('needs no node_modules: main imports only Electron and Node built-ins, the sandboxed preload only Electron', () => {
    expect(runtimeImports(bundles.preload)).toEqual(['electron']);
    for (const name of runtimeImports(bundles.main))
      expect(name === 'electron' || isBuiltin(name), name).toBe(true);
  });

  it('bakes the sync server into main', async () => {
    expect(await readFile(path.join(outDir(), 'main.js'), 'utf8')).toContain('https://sync.linkhub.test');
  });

  it('the compiled preload exposes exactly one object, window.linkhub, calling named IPC channels', async () => {
    const exposed = new Map<string, unknown>();
    const invoked: unknown[][] = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void exposed.set(key, api) },
      ipcRenderer: {
        invoke: async (...args: unknown[]) => (invoked.push(args), '0.1.0'),
        on: () => undefined,
        removeListener: () => undefined,
      },
    };
    const code = await readFile(path.join(outDir(), 'preload.cjs'), 'utf8');
    const module = { exports: {} };
    const require = (name: string) => {
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return electron;
    };
    vm.runInNewContext(code, { require, module, exports: module.exports });
    expect([...exposed.keys()]).toEqual(['linkhub']);
    const bridge = exposed.get('linkhub');
    expect(bridge).toMatchObject({ isDesktop: true });
    const appVersion: unknown = Reflect.get(Object(bridge), 'appVersion');
    expect(typeof appVersion).toBe('function');
    if (typeof appVersion === 'function') expect(await appVersion()).toBe('0.1.0');
    expect(invoked).toEqual([['linkhub:app-version']]);
  });

  it('serves every file of the real PWA build through the app:// handler with a proper MIME type', async () => {
    const root = path.join(outDir(), 'renderer');
    const handler = createAppProtocolHandler({
      root,
      syncOrigin: 'https://sync.linkhub.test',
      forward: fetch,
    });
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const response = await handler(new Request(`app://linkhub/${file}`));
      expect(response.status, file).toBe(200);
      const type = response.headers.get('content-type') ?? '';
      expect(type, file).not.toBe('');
      expect(type, file).not.toContain('octet-stream');
      const served = Buffer.from(await response.arrayBuffer());
      expect(served.equals(await readFile(path.join(root, file))), `${file} served byte for byte`).toBe(true);
    }
    // Every script and stylesheet index.html references is served as script / CSS.
    const html = await (await handler(new Request('app://linkhub/workspace/x/links'))).text();
    const refs = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(js|css))"/g)];
    expect(refs.length).toBeGreaterThan(0);
    for (const [, ref, ext] of refs) {
      const type = (await handler(new Request(`app://linkhub/${ref}`))).headers.get('content-type');
      expect(type, ref).toBe(ext === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
    }
  });
});

/**
 * The real renderer in Chromium, served by the app:// handler under its strict CSP. Playwright cannot
 * register a custom scheme, so http://linkhub.test stands in for app://linkhub: each request is
 * rewritten and answered by the handler, headers (CSP included) and all.
 */
describe('the renderer in Chromium, through the app protocol handler', () => {
  const CHROMIUM = '/usr/bin/chromium';
  const ARGS = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];

  async function openRenderer(syncOrigin: string) {
    const handler = createAppProtocolHandler({
      root: path.join(outDir(), 'renderer'),
      syncOrigin,
      forward: fetch,
    });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const page = await browser.newPage();
    const violations: string[] = [];
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) violations.push(m.text());
    });
    await page.route('http://linkhub.test/**', async (route) => {
      const request = route.request();
      const body = request.postDataBuffer();
      const response = await handler(
        new Request(request.url().replace('http://linkhub.test', 'app://linkhub'), {
          method: request.method(),
          headers: await request.allHeaders(),
          ...(body === null ? {} : { body }),
        }),
      );
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    });
    await page.goto('http://linkhub.test/workspace/0190d6a4-1b2c-7d3e-8f40-5a6b7c8d9e0f');
    return { browser, page, violations, errors };
  }

  it('renders the editor with no CSP violation while the sync server is unreachable', async () => {
    const { browser, page, violations, errors } = await openRenderer('http://127.0.0.1:9');
    try {
      await page.locator('#root').getByText('LinkHub').first().waitFor({ timeout: 15_000 });
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('renders the editor with no CSP violation when the sync server answers through the forwarded API', async () => {
    const server = createServer((req, res) => {
      res.writeHead(req.url === '/healthz' ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { browser, page, violations } = await openRenderer(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    );
    try {
      await page.locator('#root').getByText('LinkHub').first().waitFor({ timeout: 15_000 });
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);
});
