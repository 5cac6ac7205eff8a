import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { FONT_PATH, FONTSOURCE_VERSION, servedFontFiles, WEB_FONTS } from '@linkhub/shared/blocks/web-fonts';
import { dispatch } from '../dispatch/dispatch';
import { createFontFiles } from './fonts';

const HOSTS = { linkHost: 'lnk.localhost', bioHost: 'bio.localhost' };
const require = createRequire(import.meta.url);

function fontApp(): Hono {
  const fonts = createFontFiles();
  const app = new Hono();
  app.get(`${FONT_PATH}:file`, (c) => fonts(c, c.req.param('file')));
  return app;
}

describe('self-hosted theme fonts', () => {
  it('are served under the page’s own origin on the bio host and on custom domains', () => {
    const path = `${FONT_PATH}dm-sans-latin-400-normal.woff2`;
    for (const host of ['bio.localhost', 'links.maya.example'])
      expect(dispatch({ host, path, method: 'GET' }, HOSTS)).toEqual({
        kind: 'font',
        file: 'dm-sans-latin-400-normal.woff2',
      });
  });

  it('answer every file a theme uses as woff2 of at most 30 KB, cached as immutable', async () => {
    const app = fontApp();
    const files = [...servedFontFiles().keys()];
    expect(files.length).toBeGreaterThanOrEqual(Object.keys(WEB_FONTS).length * 2);
    for (const file of files) {
      const res = await app.request(`${FONT_PATH}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe('font/woff2');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 4)), file).toBe('wOF2');
      expect(bytes.byteLength, file).toBeLessThanOrEqual(30 * 1024);
    }
  });

  it('answer 404 for any other name, and never read outside the font packages', async () => {
    const app = fontApp();
    for (const file of [
      'dm-sans-latin-300-normal.woff2',
      'dm-sans-latin-400-normal.woff',
      '..%2Fpackage.json',
    ])
      expect((await app.request(`${FONT_PATH}${file}`)).status, file).toBe(404);
    expect(dispatch({ host: 'bio.localhost', path: `${FONT_PATH}a/b`, method: 'GET' }, HOSTS).kind).toBe(
      'bio',
    );
  });

  it('come from packages pinned at the version in their path', () => {
    const pinned = edgeDependencies();
    for (const font of Object.values(WEB_FONTS)) {
      const name = `@fontsource/${font.file}`;
      expect(pinned[name], name).toBe(FONTSOURCE_VERSION);
      const installed = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {
        version: string;
      };
      expect(installed.version, name).toBe(FONTSOURCE_VERSION);
    }
  });
});

function edgeDependencies(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return pkg.dependencies;
}
