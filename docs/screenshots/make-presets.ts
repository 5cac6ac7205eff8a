import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { chromium } from 'playwright-core';
import { pageSnapshotSchema, type PageSnapshot } from '@linkhub/shared/blocks/snapshot';
import { FONT_PATH } from '@linkhub/shared/blocks/web-fonts';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { PAGE_TEMPLATES } from '@linkhub/shared/themes/page-templates';
import { presetByKey } from '@linkhub/shared/themes/presets';
import { createBioPageRoutes } from '../../edge/src/routes/bio-page';
import { createFontFiles } from '../../edge/src/routes/fonts';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/pwa/harness';

/**
 * The README's preset screenshots: five presets, each on a template's page, served by the edge's
 * own bio page and font routes and shot in Chromium on a phone (390×844).
 * Run: `npx tsx docs/screenshots/make-presets.ts`.
 */
const SHOTS = [
  { preset: 'midnight', template: 'musician', title: 'Lou and the Lanterns' },
  { preset: 'editorial', template: 'restaurant', title: 'Maison Verte' },
  { preset: 'sunset', template: 'creator', title: 'Pia makes things' },
  { preset: 'citrus', template: 'shop', title: 'Juniper Goods' },
  { preset: 'forest', template: 'musician', title: 'The Pines' },
] as const;

function snapshotOf(shot: (typeof SHOTS)[number]): PageSnapshot {
  const template = PAGE_TEMPLATES.find((t) => t.key === shot.template);
  const preset = presetByKey(shot.preset);
  if (template === undefined || preset === undefined)
    throw new Error(`unknown ${shot.template}/${shot.preset}`);
  return pageSnapshotSchema.parse({
    id: shot.preset,
    workspace_id: 'demo',
    handle: shot.preset,
    title: shot.title,
    bio: template.bio,
    theme: preset.theme,
    blocks: template.blocks.map(({ type, ...data }, i) => ({ id: `b${i}`, type, data })),
  });
}

const pages = new Map(SHOTS.map((shot) => [shot.preset as string, snapshotOf(shot)]));
const fonts = createFontFiles();
const bio = createBioPageRoutes({
  pages: { getPublished: async (_host, handle) => pages.get(handle) ?? null },
  hostOf: () => 'bio.localhost',
  logger: createLogger('screenshots', { level: 'silent' }),
});
const app = new Hono();
app.get(`${FONT_PATH}:file`, (c) => fonts(c, c.req.param('file')));
app.route('/', bio);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const address = server.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  for (const shot of SHOTS) {
    await page.goto(`http://127.0.0.1:${port}/${shot.preset}`);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const path = new URL(`preset-${shot.preset}.png`, import.meta.url).pathname;
    await page.screenshot({ path });
    console.log(`screenshots: ${path}`);
  }
  await context.close();
} finally {
  await browser.close();
  server.close();
}
