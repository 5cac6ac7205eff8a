import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoWorkspace, signInAsDemo, type DemoSignIn } from '../../bench/lighthouse/seeded-editor';
import { startPwaHarness, type PwaHarness } from './harness';
import { watch } from './helpers';

/**
 * The unsynced-changes chip counts an offline edit from the store's own change signal,
 * not a timer. The page's clock is paused before the edit, so a timer-driven count would never
 * update; the chip must still say "1 unsynced change" and never "all changes saved".
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

describe('the unsynced-changes chip (17.16)', () => {
  it('counts an offline edit at once, with every timer of the page stopped', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'chip');
    await page.clock.install();
    await signInAsDemo(page, h.base, demo);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    const workspaceName = page.getByRole('form', { name: 'Workspace settings' }).getByLabel('Workspace name');
    // The form is on screen before the clock stops: with it paused, nothing scheduled by a timer runs.
    await workspaceName.waitFor();
    await context.setOffline(true);
    const chip = page.getByRole('status').filter({ hasText: 'Offline' });
    await chip.waitFor();
    await page.clock.pauseAt(Date.now() + 60_000);
    await workspaceName.fill('Demo Workspace (offline edit)');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved on this device').waitFor();
    await page.locator('[role=status][data-pending="1"]').waitFor({ timeout: 10_000 });
    await expect(chip.textContent()).resolves.toContain('1 unsynced change');
    await expect(chip.textContent()).resolves.not.toContain('all changes saved');
    await context.close();
  }, 180_000);
});
