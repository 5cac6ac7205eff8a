import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoWorkspace, signInAsDemo, type DemoSignIn } from '../../bench/lighthouse/seeded-editor';
import { startPwaHarness, type PwaHarness } from './harness';
import { watch } from './helpers';

/**
 * Settings is one long page (workspace, plan, keys, webhooks, workspaces, account, password,
 * two-factor, sessions, audit log, deletion: ~4,400 px on a phone). Its "On this page" index links
 * every section on screen, in order, fits a 390 px phone in one sideways-scrolling row, and a link
 * brings its section's heading to the top with focus on it.
 */
let h: PwaHarness;
let demo: DemoSignIn;
beforeAll(async () => {
  h = await startPwaHarness();
  demo = await seedDemoWorkspace(h);
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

describe('the settings index', () => {
  it('links every section of Settings and jumps to one, on a phone', async () => {
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    watch(page, 'settings-index');
    await signInAsDemo(page, h.base, demo);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    const index = page.getByRole('navigation', { name: 'On this page' });
    await index.waitFor();
    await page.getByRole('heading', { name: 'Audit log', level: 2 }).waitFor();
    const texts = async (selector: string) =>
      (await page.locator(selector).allInnerTexts()).map((t) => t.trim());
    // Sections that load their data appear a moment later; the index follows them.
    await expect
      .poll(async () => {
        const [links, headings] = await Promise.all([
          texts('main nav[aria-label="On this page"] a'),
          texts('main h2[id]'),
        ]);
        return JSON.stringify(links) === JSON.stringify(headings) ? links.length : -1;
      })
      .toBeGreaterThan(8);
    const links = await texts('main nav[aria-label="On this page"] a');
    expect(links).toEqual(
      expect.arrayContaining(['Workspace', 'Plan', 'API keys', 'Where you are signed in', 'Audit log']),
    );
    // One row: the index is no taller than one link, and the page does not scroll sideways.
    const indexBox = await index.boundingBox();
    const linkBox = await index.getByRole('link', { name: 'Workspace', exact: true }).boundingBox();
    expect(indexBox?.height ?? 0).toBeLessThan((linkBox?.height ?? 0) * 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await index.getByRole('link', { name: 'Password' }).click();
    const heading = page.getByRole('heading', { name: 'Password', level: 2 });
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeLessThan(60);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Password');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await context.close();
  }, 180_000);
});
