import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/pwa/harness';
import setupTestInfra from '../../scripts/test-global-setup';
import { seedDemoWorkspace, signInAsDemo } from '../../bench/lighthouse/seeded-editor';
import { pwaRoot, serveBuilt } from '../../bench/lighthouse/serve-built';

/**
 * The README's screenshots: the signed-in links screen of the built editor with the demo seed, on
 * a phone (390×844) and a desktop (1280×800).  Run: `npx tsx docs/screenshots/make.ts`.
 */
const SHOTS = [
  { file: 'editor-phone.png', viewport: { width: 390, height: 844 }, mobile: true },
  { file: 'editor-desktop.png', viewport: { width: 1280, height: 800 }, mobile: false },
] as const;

const teardown = await setupTestInfra();
const { root } = pwaRoot(null);
const stack = await serveBuilt(root);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const demo = await seedDemoWorkspace(stack.test);
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      viewport: shot.viewport,
      deviceScaleFactor: 1,
      isMobile: shot.mobile,
      hasTouch: shot.mobile,
    });
    const page = await context.newPage();
    await signInAsDemo(page, stack.base, demo);
    await page.waitForTimeout(500);
    const path = join(import.meta.dirname, shot.file);
    await page.screenshot({ path });
    console.log(`wrote ${path}`);
    await context.close();
  }
} finally {
  await browser.close();
  await stack.stop();
  await teardown();
}
