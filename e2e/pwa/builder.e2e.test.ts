import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, startPwaHarness, type PwaHarness } from './harness';
import { eventually, newEmail, serviceWorkerReady, signUpInUi, signUpOverApi, watch } from './helpers';

/**
 * The builder journey: verify the address through the dev outbox, build a bio page of five blocks,
 * reorder one with the keyboard buttons, publish it; create a QR code and export it as SVG.
 */
let h: PwaHarness;
beforeAll(async () => {
  h = await startPwaHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

async function verificationLink(
  outbox: string,
  email: string,
  path = '/api/auth/verify-email',
): Promise<string> {
  return eventually(
    async () => {
      for (const file of await readdir(outbox).catch(() => [])) {
        const text = await readFile(join(outbox, file), 'utf8');
        const url = text.includes(`To: ${email}`)
          ? new RegExp(`(https?://\\S+${path}\\?token=\\S+)`).exec(text)?.[1]
          : undefined;
        if (url) return url;
      }
      return '';
    },
    (url) => url !== '',
  );
}

describe('the bio page builder and the QR designer', () => {
  it('verifies, builds a five-block page, reorders it, publishes it, and exports a QR code', async () => {
    const email = newEmail('pia');
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'builder');
    await signUpInUi(page, h.base, 'Pia', email);
    await page.getByText('Verify your email').first().waitFor();
    await page.goto(await verificationLink(h.outbox, email));
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await page.getByText('Verify your email').first().waitFor({ state: 'detached' });

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Bio pages' }).click();
    const handle = `pia${Date.now().toString(36)}`;
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('Title', { exact: true }).fill('Pia makes prints');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { name: `@${handle}` }).waitFor();

    const add = async (type: string, fields: Record<string, string>, submit: string) => {
      await page.getByLabel('Add a block').selectOption(type);
      for (const [label, value] of Object.entries(fields))
        await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole('button', { name: submit }).click();
    };
    await add('header', { 'Heading text': 'Shop' }, 'Add heading');
    await add('link', { 'Button text': 'Prints', URL: 'https://shop.example/prints' }, 'Add link button');
    await add('link', { 'Button text': 'Posters', URL: 'https://shop.example/posters' }, 'Add link button');
    await add('text', { Text: 'Hand-printed in Leeds.' }, 'Add text');
    // a heading whose letters a U+202E would show reversed is refused at its field; the form keeps what was typed
    await add('header', { 'Heading text': 'Invoice \u202Efdp.exe' }, 'Add heading');
    await page.getByText('reverses the text after it').waitFor();
    await expect(page.getByLabel('Heading text', { exact: true }).inputValue()).resolves.toBe(
      'Invoice \u202Efdp.exe',
    );
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await add('divider', {}, 'Add divider');
    await page.locator('.blocks-list > li').nth(4).waitFor();
    // Keyboard reorder: "Posters" (3rd) moves above "Prints".
    await page.getByRole('button', { name: 'Move block 3 up' }).click();
    const preview = page.frameLocator('iframe.preview');
    await preview.getByText('Posters').waitFor();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const [row] = await eventually(
      () =>
        h.sql<{ id: string; published_revision: number | null }>(
          'SELECT id, published_revision FROM bio_pages WHERE handle = $1',
          [handle],
        ),
      (rows) => rows[0]?.published_revision !== null && rows[0]?.published_revision !== undefined,
    );
    const blocks = await eventually(
      () =>
        h.sql<{ type: string; data: { title?: string } }>(
          'SELECT type, data FROM bio_blocks WHERE page_id = $1 ORDER BY position COLLATE "C"',
          [row?.id],
        ),
      (rows) => rows.length === 5 && rows[1]?.data.title === 'Posters',
    );
    expect(blocks.map((b) => b.type)).toEqual(['header', 'link', 'link', 'text', 'divider']);

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'QR codes' }).click();
    await page.getByRole('button', { name: 'New QR code' }).click();
    await page.getByLabel('Destination URL').fill('https://shop.example/menu');
    await page.getByLabel('Title', { exact: true }).fill('Table menu');
    await page.getByRole('button', { name: 'Create QR code' }).click();
    await page.getByRole('heading', { name: 'QR code Table menu' }).waitFor();
    await eventually(
      () => h.sql('SELECT 1 FROM qr_codes WHERE title = $1', ['Table menu']),
      (rows) => rows.length === 1,
    );
    await page.getByText('Encodes').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('table-menu-qr.svg');
    const svg = await readFile(await file.path(), 'utf8');
    expect(svg).toMatch(/^<svg[^>]+width="40mm"/);
    await context.close();
  }, 150_000);

  it('resets a forgotten password through the mailed link and signs in with the new one', async () => {
    const email = newEmail('rex');
    await signUpOverApi(h.base, 'Rex', email);
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'reset');
    await page.goto(`${h.base}/`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset your password' }).click();
    await page.getByText('a reset link is on its way').waitFor();
    await page.goto(await verificationLink(h.outbox, email, '/reset-password'));
    await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase 7');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('button', { name: 'Go to sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a brand new passphrase 7');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await context.close();
  }, 60_000);

  it("is installable by Chromium's own check (manifest, icons, service worker with a fetch handler)", async () => {
    // A persistent profile: Chromium never offers to install from an incognito-like context.
    const profile = await mkdtemp(join(tmpdir(), 'linkhub-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${h.base}/`);
    await serviceWorkerReady(page);
    await page.reload();
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }, 60_000);
});
