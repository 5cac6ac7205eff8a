import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDeepLinkPage, renderLinkCardPage } from '../../edge/src/pages/link-preview-pages';
import { launchChromium, newContext, newPage, VIEWPORTS } from '../launcher/browser';
import { seriousViolations } from '../pwa/helpers';

/** The card page and the deep-link page (D-625) in Chromium at phone width: no serious or critical axe violation. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

const PAGES = {
  card: renderLinkCardPage({
    preview: {
      title: 'Spring sale: 40 % off',
      description: 'Everything in the shop until Sunday.',
      image_url: null,
    },
    shortUrl: 'https://lnk.example/spring',
    imageUrl: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
    destination: 'https://example.com/spring',
    nonce: 'n0nce',
  }),
  'deep link': renderDeepLinkPage({
    appUrl: 'instagram://user?username=acme',
    webUrl: 'https://www.instagram.com/acme/',
    webHost: 'www.instagram.com',
    nonce: 'n0nce',
  }),
};

describe('link preview pages (axe-core)', () => {
  for (const [name, html] of Object.entries(PAGES))
    it(`the ${name} page has no serious or critical violation`, async () => {
      const context = await newContext(browser, VIEWPORTS[0] ?? { name: 'phone', width: 390, height: 844 });
      const page = await newPage(context, name);
      try {
        // The deep-link page's script would navigate away: it is axe's page only with scripts off.
        await page.route('**/*', (route) => route.abort());
        await page.setContent(html.replace(/<script[^>]*>.*?<\/script>/s, ''));
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
});
