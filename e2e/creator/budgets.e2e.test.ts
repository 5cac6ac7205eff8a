import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import type { ResponsiveImage } from '@linkhub/shared/photos/responsive-image';
import { startV1Kit, ALL_SCOPES, type V1Kit } from '../../sync-server/src/testing/v1-kit';
import { CHROMIUM, CHROMIUM_ARGS } from '../pwa/harness';
import { startEdgeServer, type EdgeServer } from './edge-server';
import { realPhoto } from './real-photo';
import { GRADIENT_THEME, PHOTO_THEME, showcaseBlocks } from './showcase-page';

/**
 * The public page's budgets as tests (bytes and validity, not timing), on pages that use every block
 * type and theme feature, served by the real edge (D-612): the W3C Nu checker finds no error, each
 * web font file is at most 30 KB, a 390 px phone's largest avatar file is at most 40 KB for a real
 * camera photo, HTML with its CSS is at most 14 KB gzipped, and axe finds no violation at all.
 */
const require = createRequire(import.meta.url);
const VNU_JAR = join(dirname(require.resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');
const AXE_PATH = require.resolve('axe-core/axe.min.js');
const run = promisify(execFile);

type Photo = { id: string; image: ResponsiveImage };

let kit: V1Kit;
let key: string;
let edge: EdgeServer;
let browser: Browser;
let dir: string;
const pages: Record<'photo' | 'gradient', { handle: string; html: string }> = {
  photo: { handle: 'showcase-photo', html: '' },
  gradient: { handle: 'showcase-gradient', html: '' },
};
let avatar: Photo;

async function upload(kind: string): Promise<Photo> {
  const photo = await realPhoto();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name);
  const res = await kit.app.request(`/v1/assets?kind=${kind}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload ${kind}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: Photo }).data;
}

const widestJpeg = (image: ResponsiveImage): string =>
  image.variants.filter((v) => v.format === 'jpeg').sort((a, b) => b.width - a.width)[0]?.path ?? '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'linkhub-budgets-'));
  const artifacts = createLocalArtifactStore(dir);
  kit = await startV1Kit({ artifacts });
  key = await kit.key(ALL_SCOPES);
  avatar = await upload('avatar');
  const block = await upload('block_image');
  const background = await upload('page_background');
  const blocks = showcaseBlocks({
    avatar: avatar.id,
    block: block.id,
    blockUrl: widestJpeg(block.image),
    background: background.id,
  });
  const themes = { photo: PHOTO_THEME(background.id), gradient: GRADIENT_THEME };
  for (const which of ['photo', 'gradient'] as const) {
    const created = await kit.api('POST', '/v1/pages', {
      key,
      body: {
        handle: pages[which].handle,
        title: 'Inês Prints',
        bio: 'Risograph artist. Prints, zines & workshops.',
        avatar: avatar.id,
        theme: themes[which],
        blocks,
        // Share tags and a page language other than English (the gradient page) are checked too.
        share_title: 'Inês Prints — risograph and zines',
        share_description: 'Prints, zines & workshops from Lisbon.',
        language: which === 'gradient' ? 'pt' : 'en',
      },
    });
    if (created.status !== 201) throw new Error(`page: ${created.status} ${await created.text()}`);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    const published = await kit.api('POST', `/v1/pages/${id}/publish`, { key });
    if (published.status !== 200) throw new Error(`publish: ${published.status} ${await published.text()}`);
  }
  edge = await startEdgeServer({
    databaseUrl: kit.database.url,
    config: kit.deps.config,
    artifacts,
  });
  for (const which of ['photo', 'gradient'] as const) {
    const reply = await edge.get(kit.deps.config.BIO_HOST, `/${pages[which].handle}`);
    if (reply.status !== 200) throw new Error(`edge ${pages[which].handle}: ${reply.status}`);
    pages[which].html = reply.body.toString('utf8');
  }
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await edge?.stop();
  await kit?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a published page’s budgets, through the edge', () => {
  it('uses every block type and theme feature between the two pages', () => {
    const both = pages.photo.html + pages.gradient.html;
    for (const mark of ['class="avatar"', '<picture>', 'type="email"', 'class="social"', '<hr', '@font-face'])
      expect(both, mark).toContain(mark);
    expect(pages.photo.html).toContain('image-set(');
    expect(pages.gradient.html).toContain('linear-gradient(135deg');
  });

  it('the W3C Nu HTML checker reports no error', async () => {
    const files = await Promise.all(
      (['photo', 'gradient'] as const).map(async (which) => {
        const file = join(dir, `${which}.html`);
        await writeFile(file, pages[which].html);
        return file;
      }),
    );
    // vnu exits 1 when it reports anything; the JSON on stderr is the answer either way.
    const output = await run('java', ['-jar', VNU_JAR, '--format', 'json', '--errors-only', ...files], {
      maxBuffer: 8 * 1024 * 1024,
    }).then(
      ({ stderr }) => stderr,
      (error: { stderr?: string }) => error.stderr ?? '',
    );
    const { messages } = JSON.parse(output) as {
      messages: Array<{ type: string; message: string; extract?: string; url?: string }>;
    };
    const errors = messages.filter((m) => m.type === 'error');
    expect(errors.map((m) => `${m.url?.split('/').pop() ?? ''}: ${m.message} in ${m.extract ?? ''}`)).toEqual(
      [],
    );
  }, 120_000);

  it('each web font file the pages use is woff2 of at most 30 KB, from the page’s own host', async () => {
    const fonts = new Set<string>();
    for (const { html } of Object.values(pages))
      for (const match of html.matchAll(/url\((?:"|')?(\/_fonts\/[^)"']+\.woff2)/g))
        fonts.add(match[1] ?? '');
    expect(fonts.size).toBeGreaterThanOrEqual(2);
    for (const font of fonts) {
      const reply = await edge.get(kit.deps.config.BIO_HOST, font);
      expect(reply.status, font).toBe(200);
      expect(reply.headers['content-type'], font).toBe('font/woff2');
      expect(reply.body.byteLength, font).toBeLessThanOrEqual(30 * 1024);
    }
  });

  it('HTML with its inline CSS is at most 14 KB gzipped', () => {
    for (const [which, { html }] of Object.entries(pages))
      expect(gzipSync(html).byteLength, which).toBeLessThanOrEqual(14 * 1024);
  });

  it('a 390 px phone’s largest avatar file is at most 40 KB for a real camera photo, in every format', async () => {
    // A 3x phone draws the 96 px avatar from the widest entry of each srcset (384w).
    const largest = (['avif', 'webp', 'jpeg'] as const).map(
      (format) =>
        avatar.image.variants.filter((v) => v.format === format).sort((a, b) => b.width - a.width)[0],
    );
    for (const variant of largest) {
      if (variant === undefined) throw new Error('a format is missing');
      expect(pages.photo.html).toContain(`${variant.path} ${variant.width}w`);
      const reply = await edge.get(kit.deps.config.BIO_HOST, variant.path);
      expect(reply.status, variant.path).toBe(200);
      console.info(`avatar ${variant.format} ${variant.width}w: ${reply.body.byteLength} bytes`);
      expect(reply.body.byteLength, `${variant.format} ${variant.width}w`).toBeLessThanOrEqual(40 * 1024);
    }
    // What the phone itself picks and downloads.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
    });
    const page = await context.newPage();
    const photos: Array<{ url: string; bytes: number }> = [];
    page.on('response', (response) => {
      if (response.url().includes('/_img/'))
        void response.body().then((body) => photos.push({ url: response.url(), bytes: body.byteLength }));
    });
    await page.goto(`${edge.bioBase}/${pages.photo.handle}`);
    const chosen = await page.locator('img.avatar').evaluate((img: HTMLImageElement) => img.currentSrc);
    await page.waitForLoadState('networkidle');
    const fetched = photos.find((p) => p.url === chosen);
    expect(fetched?.bytes ?? Infinity).toBeLessThanOrEqual(40 * 1024);
    await context.close();
  }, 60_000);

  it('axe finds no violation at all, at any impact', async () => {
    for (const { handle } of Object.values(pages)) {
      // bypassCSP only so axe itself can be injected; the page is the one the edge served.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        bypassCSP: true,
      });
      const page = await context.newPage();
      await page.route('https://**', (route) => route.abort());
      await page.goto(`${edge.bioBase}/${handle}`);
      await page.addScriptTag({ path: AXE_PATH });
      const result = (await page.evaluate(
        'axe.run(document).then((r) => ({ passes: r.passes.length, violations: r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length}`) }))',
      )) as { passes: number; violations: string[] };
      expect(result.passes, handle).toBeGreaterThan(10);
      expect(result.violations, handle).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
