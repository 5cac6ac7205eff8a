import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env';
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
});
