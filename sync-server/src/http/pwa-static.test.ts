import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env';
import { pwaStatic } from './pwa-static';

const dist = mkdtempSync(path.join(tmpdir(), 'linkhub-pwa-static-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>LinkHub</title></head><body></body></html>',
);
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

function appWith(edgeUrl: string | null) {
  const app = new Hono<AppEnv>();
  const pwa = pwaStatic(dist, edgeUrl);
  if (pwa) app.get('*', pwa);
  return app;
}

describe('pwaStatic', () => {
  it('tells the editor the edge URL in the shell it serves for /, /index.html and client routes, so its addresses open', async () => {
    const app = appWith('http://localhost:8787');
    for (const [url, accept] of [
      ['/', '*/*'],
      ['/index.html', '*/*'],
      ['/links/abc', 'text/html'],
    ] as const) {
      const res = await app.request(url, { headers: { accept } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(
        '<meta name="linkhub-edge-url" content="http://localhost:8787"></head>',
      );
    }
    expect(await (await app.request('/assets/app.js')).text()).toBe('console.log(1)');
    expect((await app.request('/assets/missing.js', { headers: { accept: 'text/html' } })).status).toBe(404);
  });

  it('serves the shell of a rebuild made while it runs, whose hashed assets are the ones on disk', async () => {
    const app = appWith(null);
    const shellOf = async () => (await app.request('/links', { headers: { accept: 'text/html' } })).text();
    expect(await shellOf()).not.toContain('app-2.js');
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script src="/assets/app-2.js"></script></head><body></body></html>',
    );
    // A later modification time, as a rebuild has (some file systems keep whole seconds).
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(dist, 'index.html'), later, later);
    expect(await shellOf()).toContain('/assets/app-2.js');
  });

  it('serves the editor with a strict policy: scripts from itself only, no framing, no plugins, no foreign base', async () => {
    const app = appWith('http://localhost:8787');
    for (const url of ['/', '/links/abc']) {
      const res = await app.request(url, { headers: { accept: 'text/html' } });
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name = '', ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')] as const;
        }),
      );
      expect(directives.get('script-src')).toBe("'self'");
      expect(directives.get('default-src')).toBe("'self'");
      expect(directives.get('object-src')).toBe("'none'");
      expect(directives.get('base-uri')).toBe("'self'");
      expect(directives.get('frame-ancestors')).toBe("'none'");
      expect(directives.get('img-src')).toContain('http://localhost:8787');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    const asset = await app.request('/assets/app.js');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});
