import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoWithGps } from '@linkhub/shared/server/photos/photo-testing';
import { startPwaHarness, type PwaHarness } from './harness';
import { startEdge, type EdgeHarness } from './edge-harness';
import { eventually, mailedLink, newEmail, signUpInUi, watch } from './helpers';

/**
 * A creator's photo at 390 px: picked from a file, uploaded, published; the public page through the
 * edge offers it as <picture> with srcset, the phone downloads one variant within the 40 KB budget,
 * served immutable, all with JavaScript off.
 */
let h: PwaHarness;
let edge: EdgeHarness;
beforeAll(async () => {
  h = await startPwaHarness();
  edge = await startEdge(h);
}, 120_000);
afterAll(async () => {
  await edge?.stop();
  await h?.stop();
});

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

describe('a creator’s photo', () => {
  it('uploads a photo from a file at 390 px, publishes it, and the public page shows it with srcset, JavaScript off', async () => {
    const email = newEmail('maya');
    const context = await h.browser.newContext(PHONE);
    const page = await context.newPage();
    watch(page, 'photo');
    await signUpInUi(page, h.base, 'Maya', email);
    await page.goto(await mailedLink(h.outbox, email));
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    // At 390 px the sections sit behind the menu button; the address is the same.
    await page.goto(`${h.base}/pages`);
    const handle = `maya${Date.now().toString(36)}`;
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('Title', { exact: true }).fill('Maya sings');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { name: `@${handle}` }).waitFor();

    const photo = await photoWithGps(2400, 3200);
    await page
      .getByLabel('Upload photo')
      .first()
      .setInputFiles({
        name: 'IMG_2041.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from(photo),
      });
    await page.getByText('Photo uploaded.').waitFor({ timeout: 60_000 });
    await page.getByRole('img', { name: 'Profile photo' }).waitFor();
    await page.getByLabel('Change photo').waitFor();
    const [row] = await eventually(
      () =>
        h.sql<{ id: string; avatar_asset_id: string | null }>(
          'SELECT id, avatar_asset_id FROM bio_pages WHERE handle = $1',
          [handle],
        ),
      (rows) => typeof rows[0]?.avatar_asset_id === 'string',
    );
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await eventually(
      () =>
        h.sql<{ published_revision: number | null }>(
          'SELECT published_revision FROM bio_pages WHERE id = $1',
          [row?.id],
        ),
      (rows) => typeof rows[0]?.published_revision === 'number',
    );
    await context.close();

    // A visitor's phone with JavaScript off, through the edge on the bio host.
    const visitor = await h.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const view = await visitor.newPage();
    const photos: Array<{ url: string; status: number; cacheControl: string | undefined; bytes: number }> =
      [];
    view.on('response', (response) => {
      if (!response.url().includes('/_img/')) return;
      void response.body().then((body) =>
        photos.push({
          url: response.url(),
          status: response.status(),
          cacheControl: response.headers()['cache-control'],
          bytes: body.byteLength,
        }),
      );
    });
    const url = `http://${h.deps.config.BIO_HOST}:${edge.port}/${handle}`;
    await eventually(
      async () => (await view.goto(url))?.status() ?? 0,
      (status) => status === 200,
    );
    const avif = await view.locator('picture source[type="image/avif"]').getAttribute('srcset');
    expect(avif).toMatch(
      /^\/_img\/[0-9a-f]{32}\.avif 96w, \/_img\/[0-9a-f]{32}\.avif 192w, \/_img\/[0-9a-f]{32}\.avif 384w$/,
    );
    const img = view.locator('picture img.avatar');
    expect(await img.getAttribute('sizes')).toBe('96px');
    expect(await img.getAttribute('width')).toBe('96');
    expect(await img.getAttribute('height')).toBe('96');
    const loaded = await eventually(
      async () => photos,
      (list) => list.length > 0,
    );
    // A 3x phone draws the 96 px avatar from the 384 px AVIF: within the 40 KB budget, cached for a year.
    const [avatar] = loaded;
    expect(avatar?.url).toMatch(/\/_img\/[0-9a-f]{32}\.avif$/);
    expect(avatar?.status).toBe(200);
    expect(avatar?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(avatar?.bytes ?? Infinity).toBeLessThanOrEqual(40 * 1024);
    expect(avif).toContain(new URL(avatar?.url ?? 'http://x/').pathname + ' 384w');
    await visitor.close();
  }, 180_000);
});
