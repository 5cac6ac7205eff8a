import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from '../pwa/harness';
import { renderPasswordPage, renderPreviewPage } from '../../edge/src/pages/link-access-pages';
import { renderDeepLinkPage, renderLinkCardPage } from '../../edge/src/pages/link-preview-pages';

/**
 * The short link's own pages — the password page (before and after a wrong try), the `slug+` preview
 * (with its QR code; for a password link, without the destination), the card crawlers read and the
 * deep-link page — pass the W3C Nu HTML checker with no error and axe with no violation at any
 * impact, as the edge renders them.
 */
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const VNU_JAR = join(dirname(require.resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');
const AXE_PATH = require.resolve('axe-core/axe.min.js');
const nonce = 'bm9uY2Utbm9uY2U';

const PAGES: Record<string, string> = {
  password: renderPasswordPage(null, { slug: 'spring', query: '', problem: null }, nonce),
  'password-wrong': renderPasswordPage(
    null,
    { slug: 'spring', query: '?utm_source=x&y=1', problem: 'wrong' },
    nonce,
  ),
  preview: renderPreviewPage(
    {
      branding: null,
      shortUrl: 'https://lnk.example/spring',
      host: 'lnk.example',
      slug: 'spring',
      destination: 'https://xn--mnchen-3ya.example/frühling?a=1&b=2',
      protectedByPassword: false,
      varies: true,
    },
    nonce,
  ),
  'preview-password': renderPreviewPage(
    {
      branding: null,
      shortUrl: 'https://lnk.example/secret',
      host: 'lnk.example',
      slug: 'secret',
      destination: null,
      protectedByPassword: true,
      varies: false,
    },
    nonce,
  ),
  card: renderLinkCardPage({
    preview: {
      title: 'Spring sale — 30 % off',
      description: 'Everything in the shop, this week only.',
      image_url: null,
    },
    shortUrl: 'https://lnk.example/spring',
    imageUrl: 'https://lnk.example/_img/0123456789abcdef0123456789abcdef.jpg',
    destination: 'https://shop.example/spring?ref=card&x=1',
    nonce,
  }),
  'deep-link': renderDeepLinkPage({
    appUrl: 'instagram://user?username=lena',
    webUrl: 'https://www.instagram.com/lena/',
    webHost: 'www.instagram.com',
    nonce,
  }),
};

let dir: string;
let browser: Browser;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'linkhub-link-pages-'));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the short link’s own pages', () => {
  it('the W3C Nu HTML checker reports no error on any of them', async () => {
    const files = await Promise.all(
      Object.entries(PAGES).map(async ([name, html]) => {
        const file = join(dir, `${name}.html`);
        await writeFile(file, html);
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
    expect(
      messages
        .filter((m) => m.type === 'error')
        .map((m) => `${m.url?.split('/').pop() ?? ''}: ${m.message} in ${m.extract ?? ''}`),
    ).toEqual([]);
  }, 120_000);

  it('axe finds no violation at any impact on a phone', async () => {
    for (const [name, html] of Object.entries(PAGES)) {
      // bypassCSP only so axe itself can be injected; no request leaves the page.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        bypassCSP: true,
      });
      const page = await context.newPage();
      await page.route('**/*', (route) => route.abort());
      // The deep-link page's script would leave for the app at once; its markup is what is checked (as with JavaScript off).
      await page.setContent(html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, ''));
      await page.addScriptTag({ path: AXE_PATH });
      const result = (await page.evaluate(
        'axe.run(document).then((r) => ({ passes: r.passes.length, violations: r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length}`) }))',
      )) as { passes: number; violations: string[] };
      expect(result.passes, name).toBeGreaterThan(5);
      expect(result.violations, name).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
