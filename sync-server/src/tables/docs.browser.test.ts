import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startV1Kit, type V1Kit } from '../testing/v1-kit';

/** /v1/docs in Debian's Chromium: the reference renders every operation and "Try it" calls the API with a key. */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let kit: V1Kit;
let server: ServerType;
let base = '';

beforeAll(async () => {
  kit = await startV1Kit();
  server = serve({ fetch: kit.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await kit.stop();
});

describe.skipIf(!existsSync(CHROMIUM))('/v1/docs', () => {
  it('lists every operation from the document and sends a request with the given key', async () => {
    const key = await kit.key(['links:read', 'links:write']);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(`${base}/v1/docs`);
      await page.waitForSelector('details');
      const doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const documented = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
      expect(await page.locator('details').count()).toBe(documented);

      await page.fill('#key', key);
      const create = page.locator('details', { hasText: 'POST/v1/links' }).first();
      await create.locator('summary').click();
      await create.locator('button').click();
      await expect.poll(() => create.locator('.out').textContent()).toContain('201');
      expect(await create.locator('.out').textContent()).toContain('"short_url"');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('fits a 390 px phone with every operation open: nothing scrolls sideways but a code sample', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
      await page.goto(`${base}/v1/docs`);
      await page.waitForSelector('details');
      // A string: this package's tsconfig has no DOM types.
      await page.evaluate("for (const details of document.querySelectorAll('details')) details.open = true");
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      const key = page.locator('#key');
      const box = await key.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(390);
    } finally {
      await browser.close();
    }
  });
});
