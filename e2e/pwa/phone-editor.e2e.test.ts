import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPhoto } from '../creator/real-photo';
import { startPwaHarness, type PwaHarness } from './harness';
import {
  eventually,
  mailedLink,
  newEmail,
  seriousViolations,
  serviceWorkerReady,
  signInInUi,
  signUpInUi,
  watch,
} from './helpers';

/**
 * The page editor and the QR designer on a phone (D-610): a sticky "Edit | Preview" tab list puts the
 * live preview one tap (or one arrow key) away at the phone's full height; at desktop width the two
 * stay side by side. The preview shows the uploaded avatar, offline too (D-611).
 * PHONE_EDITOR_SCREENSHOTS=<dir> keeps the screenshots (default: a temp folder).
 */
const SHOTS = process.env.PHONE_EDITOR_SCREENSHOTS ?? join(tmpdir(), 'linkhub-phone-editor');
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

let h: PwaHarness;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startPwaHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

/** What the preview frame's avatar shows: its source's scheme and whether it decoded. */
async function previewAvatar(page: Page): Promise<{ scheme: string; decoded: boolean }> {
  const avatar = page.frameLocator('iframe.preview').locator('img.avatar');
  await avatar.waitFor({ timeout: 30_000 });
  await eventually(
    async () => (await avatar.getAttribute('src')) ?? '',
    (src) => src.startsWith('data:image/webp') || src.startsWith('data:image/jpeg'),
  );
  return avatar.evaluate((img: HTMLImageElement) => ({
    scheme: img.src.slice(0, img.src.indexOf(',')),
    decoded: img.complete && img.naturalWidth > 0,
  }));
}

describe('the editor on a phone', () => {
  it('shows the page preview one tap away at full height, the uploaded photo in it, and side by side on a desktop', async () => {
    const email = newEmail('noor');
    const context = await h.browser.newContext(PHONE);
    const page = await context.newPage();
    watch(page, 'phone-editor');
    await signUpInUi(page, h.base, 'Noor', email);
    await page.goto(await mailedLink(h.outbox, email));
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await page.goto(`${h.base}/pages`);
    const handle = `noor${Date.now().toString(36)}`;
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('Title', { exact: true }).fill('Noor bakes');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { name: `@${handle}` }).waitFor();
    await page
      .getByLabel('Upload photo')
      .first()
      .setInputFiles(await realPhoto());
    await page.getByText('Photo uploaded.').waitFor({ timeout: 60_000 });

    const tabs = page.getByRole('tablist', { name: 'Page' });
    const editTab = tabs.getByRole('tab', { name: 'Edit' });
    const previewTab = tabs.getByRole('tab', { name: 'Preview' });
    expect(await editTab.getAttribute('aria-selected')).toBe('true');
    expect(await previewTab.getAttribute('tabindex')).toBe('-1');
    expect(await page.locator('iframe.preview').isVisible()).toBe(false);
    await page.screenshot({ path: join(SHOTS, 'page-editor-390-edit.png') });

    // Scrolled deep into the controls, the toggle is still at the top of the screen.
    await page.getByRole('heading', { name: 'Blocks' }).scrollIntoViewIfNeeded();
    const stuck = await tabs.boundingBox();
    expect(stuck?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(stuck?.y ?? 999).toBeLessThan(10);

    // The keyboard: arrow to the preview, focus follows, the panel is labelled by its tab.
    await editTab.focus();
    await page.keyboard.press('ArrowRight');
    expect(await previewTab.getAttribute('aria-selected')).toBe('true');
    expect(await previewTab.evaluate((el) => el === document.activeElement)).toBe(true);
    const panel = page.getByRole('tabpanel', { name: 'Preview' });
    await panel.waitFor();
    const frame = await page.locator('iframe.preview').boundingBox();
    // At once on screen, and the phone's height rather than the old 480 px box.
    expect(frame?.y ?? 9999).toBeLessThan(200);
    expect(frame?.height ?? 0).toBeGreaterThanOrEqual(600);
    // The avatar's widest file (384 px JPEG) is already small: the frame gets it as it is.
    expect(await previewAvatar(page)).toEqual({ scheme: 'data:image/jpeg;base64', decoded: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'page-editor-390-preview.png') });
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { name: 'Blocks' }).waitFor();

    // Offline, after a reload: the photo comes from this device's cache.
    await serviceWorkerReady(page);
    const editorUrl = page.url();
    const network = /\/(replicache|api|v1|healthz)/;
    await context.setOffline(true);
    // Requests a service worker makes are not always covered by the emulation.
    await context.route(network, (route) => route.abort('internetdisconnected'));
    await page.goto(editorUrl);
    await page.getByRole('heading', { name: `@${handle}` }).waitFor({ timeout: 20_000 });
    // The store opening offline may render the editor afresh once: tap until the preview is shown.
    await eventually(
      async () => {
        await page.getByRole('tab', { name: 'Preview' }).click({ timeout: 5000 });
        return page.locator('iframe.preview').isVisible();
      },
      (shown) => shown,
    );
    expect((await previewAvatar(page)).decoded).toBe(true);
    await context.unroute(network);
    await context.setOffline(false);

    // The QR designer takes the same toggle.
    await page.goto(`${h.base}/qr/new`);
    const qrTabs = page.getByRole('tablist', { name: 'QR code design' });
    await qrTabs.getByRole('tab', { name: 'Preview' }).click();
    const qr = page.getByRole('img', { name: /^Preview of the QR code/ });
    const qrBox = await qr.boundingBox();
    // Wholly on the screen after the tap, drawn wide.
    expect(qrBox?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((qrBox?.y ?? 9999) + (qrBox?.height ?? 0)).toBeLessThanOrEqual(844);
    expect(qrBox?.width ?? 0).toBeGreaterThanOrEqual(300);
    await page.screenshot({ path: join(SHOTS, 'qr-designer-390-preview.png') });
    await context.close();

    // A desktop: no toggle, the controls and the preview side by side.
    const wide = await h.browser.newContext(DESKTOP);
    const desk = await wide.newPage();
    watch(desk, 'desktop-editor');
    await signInInUi(desk, h.base, email);
    const [row] = await eventually(
      () => h.sql<{ id: string }>('SELECT id FROM bio_pages WHERE handle = $1', [handle]),
      (rows) => rows.length === 1,
    );
    await desk.goto(`${h.base}/pages/${row?.id ?? ''}`);
    await desk.getByRole('heading', { name: `@${handle}` }).waitFor();
    expect(await desk.getByRole('tablist').count()).toBe(0);
    const controls = await desk.getByLabel('Page title').boundingBox();
    const preview = await desk.locator('iframe.preview').boundingBox();
    expect(preview?.x ?? 0).toBeGreaterThan((controls?.x ?? 0) + (controls?.width ?? 0));
    expect(preview?.y ?? 9999).toBeLessThan(400);
    await desk.screenshot({ path: join(SHOTS, 'page-editor-1280.png') });
    expect((await previewAvatar(desk)).decoded).toBe(true);
    await desk.goto(`${h.base}/qr/new`);
    await desk.getByRole('img', { name: /^Preview of the QR code/ }).waitFor();
    expect(await desk.getByRole('tablist').count()).toBe(0);
    await desk.screenshot({ path: join(SHOTS, 'qr-designer-1280.png') });
    await wide.close();
  }, 240_000);
});
