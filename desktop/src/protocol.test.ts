import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler, resolveAppRequest } from './protocol';

/** A folder shaped like `vite build` output of the PWA, plus a secret file beside it. */
const FILES: Record<string, { body: string; type: string }> = {
  'index.html': { body: '<!doctype html><div id="root"></div>', type: 'text/html; charset=utf-8' },
  'assets/index-B2x9.js': { body: 'console.log(1)', type: 'text/javascript; charset=utf-8' },
  'assets/vendor-Ab12.mjs': { body: 'export {}', type: 'text/javascript; charset=utf-8' },
  'assets/index-C3y8.css': { body: 'body{}', type: 'text/css; charset=utf-8' },
  'assets/index-B2x9.js.map': { body: '{}', type: 'application/json; charset=utf-8' },
  'assets/logo-9f.svg': { body: '<svg/>', type: 'image/svg+xml' },
  'assets/zxing_reader-1a.wasm': { body: '\0asm', type: 'application/wasm' },
  'assets/inter-latin-4k.woff2': { body: 'wOF2', type: 'font/woff2' },
  'icons/icon-192.png': { body: 'png', type: 'image/png' },
  'favicon.ico': { body: 'ico', type: 'image/x-icon' },
  'manifest.webmanifest': { body: '{}', type: 'application/manifest+json' },
  'build-info.json': { body: '{}', type: 'application/json; charset=utf-8' },
  'robots.txt': { body: 'User-agent: *', type: 'text/plain; charset=utf-8' },
};

let base = '';
let root = '';
let handler: (request: Request) => Promise<Response>;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'linkhub-protocol-'));
  root = path.join(base, 'renderer');
  for (const [name, file] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), file.body);
  }
  await writeFile(path.join(base, 'secret.txt'), 'token=hunter2');
  await writeFile(path.join(root, '.env'), 'SECRET=1');
  handler = createAppProtocolHandler({ root, syncOrigin: 'https://sync.linkhub.test', forward: fetch });
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

describe('app:// protocol handler', () => {
  it('serves every file of the build with its MIME type and its exact bytes', async () => {
    for (const [name, file] of Object.entries(FILES)) {
      const response = await get(`app://linkhub/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type'), name).toBe(file.type);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text(), name).toBe(file.body);
    }
  });

  it('serves index.html at the root and for extension-less app routes (SPA fallback)', async () => {
    for (const route of [
      '',
      '/',
      '/workspace/0190d6a4-0000-7000-8000-000000000001/links/abc',
      '/settings?tab=billing',
      '/qr#top',
    ]) {
      const response = await get(`app://linkhub${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('puts a strict CSP on HTML that allows the app itself and the sync server only', async () => {
    const csp = (await get('app://linkhub/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("connect-src 'self' https://sync.linkhub.test");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(
      (await get('app://linkhub/assets/index-B2x9.js')).headers.get('content-security-policy'),
    ).toBeNull();
  });

  it('answers a missing asset with 404, never with index.html', async () => {
    const response = await get('app://linkhub/assets/missing-chunk.js');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<div id="root">');
  });

  it('refuses path traversal in every spelling and never leaks a file outside the build', async () => {
    const attempts = [
      'app://linkhub/../secret.txt',
      'app://linkhub/assets/../../secret.txt',
      'app://linkhub/%2e%2e/secret.txt',
      'app://linkhub/%2E%2E/secret.txt',
      'app://linkhub/.%2e/secret.txt',
      'app://linkhub/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://linkhub/..%2fsecret.txt',
      'app://linkhub/..%5csecret.txt',
      'app://linkhub/assets\\..\\..\\secret.txt',
      'app://linkhub//etc/passwd',
      'app://linkhub/%2fetc%2fpasswd',
      'app://linkhub/C:/Windows/win.ini',
      'app://linkhub/index.html%00.png',
      'app://linkhub/%252e%252e/secret.txt',
      'app://linkhub/.env',
      'app://evil/index.html',
    ];
    for (const url of attempts) {
      const response = await get(url);
      expect([400, 403, 404], url).toContain(response.status);
      expect(await response.text(), url).not.toContain('hunter2');
    }
  });

  it('refuses types it does not know and methods other than GET/HEAD', async () => {
    expect((await get('app://linkhub/assets/tool.exe')).status).toBe(404);
    expect((await get('app://linkhub/index.html', 'POST')).status).toBe(405);
    const head = await get('app://linkhub/assets/index-B2x9.js', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(FILES['assets/index-B2x9.js']?.body.length));
    expect(await head.text()).toBe('');
  });
});

describe('resolveAppRequest', () => {
  it('maps URLs to files inside the root only', () => {
    const ok = resolveAppRequest('/opt/app/renderer', 'app://linkhub/assets/a.js');
    expect(ok).toEqual({
      kind: 'file',
      filePath: '/opt/app/renderer/assets/a.js',
      mime: 'text/javascript; charset=utf-8',
      isHtml: false,
    });
    expect(resolveAppRequest('/opt/app/renderer', 'app://linkhub/a/%2e%2e/%2e%2e/x.js').kind).toBe('refused');
    expect(resolveAppRequest('/opt/app/renderer', 'not a url').kind).toBe('refused');
  });
});
