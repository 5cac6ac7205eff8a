import { readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { closeWorkerDeps, createWorkerDeps, type WorkerDeps } from '../../worker/src/deps';
import { workerEnvSchema } from '../../worker/src/env';
import { exportJob } from '../../worker/src/processors/export';
import { startWorkers, type WorkerRuntime } from '../../worker/src/runtime';
import { startPwaHarness, type PwaHarness } from './harness';
import {
  eventually,
  newEmail,
  serviceWorkerReady,
  openSection,
  seriousViolations,
  signedInPage,
  signUpOverApi,
} from './helpers';

/**
 * The builder's second half: bio page version history with restore (and a refused restore
 * showing its notice), the QR designer's logo and frame with the live preview and badge, and a batch
 * export of two codes to a ZIP built by the real worker's `qr_batch` job.
 */
let h: PwaHarness;
let worker: WorkerDeps;
let runtime: WorkerRuntime;
let workspaceId = '';
const email = newEmail('hilde');

beforeAll(async () => {
  h = await startPwaHarness();
  worker = createWorkerDeps(
    parseEnvOrThrow(workerEnvSchema, {
      DATABASE_URL: h.database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: h.deps.config.REDIS_PREFIX,
      ARTIFACT_DIR: h.deps.config.ARTIFACT_DIR,
      LOG_LEVEL: 'silent',
    }),
    createLogger('worker', { level: 'silent' }),
  );
  runtime = startWorkers(worker, { export: exportJob });
  const account = await signUpOverApi(h.base, 'Hilde', email);
  workspaceId = account.workspaceId;
  await h.sql('UPDATE users SET email_verified_at = now() WHERE id = $1', [account.userId]);
}, 120_000);
afterAll(async () => {
  await runtime?.close();
  if (worker) await closeWorkerDeps(worker);
  if (workspaceId && h)
    await rm(join(resolve(h.deps.config.ARTIFACT_DIR), 'exports', workspaceId), {
      recursive: true,
      force: true,
    });
  await h?.stop();
});

const signedIn = (label: string): Promise<Page> =>
  signedInPage(h.browser, h.base, email, label, { acceptDownloads: true });

const section = openSection;

describe('bio page version history', () => {
  it('publishes twice, previews and restores version 1 (its blocks come back), and a refused restore shows the notice', async () => {
    const page = await signedIn('history');
    await section(page, 'Bio pages');
    const handle = `hilde${Date.now().toString(36)}`;
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('Title', { exact: true }).fill('Hilde bakes');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { name: `@${handle}` }).waitFor();

    const add = async (type: string, fields: Record<string, string>, submit: string) => {
      await page.getByLabel('Add a block').selectOption(type);
      for (const [label, value] of Object.entries(fields))
        await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole('button', { name: submit }).click();
    };
    const published = (n: number) =>
      eventually(
        () =>
          h.sql<{ id: string; n: string }>(
            "SELECT p.id, (SELECT count(*) FROM bio_page_versions v WHERE v.page_id = p.id AND v.kind = 'published') AS n FROM bio_pages p WHERE handle = $1",
            [handle],
          ),
        (rows) => Number(rows[0]?.n) === n,
      );

    await add('header', { 'Heading text': 'Sourdough only' }, 'Add heading');
    await page.locator('.blocks-list > li').first().waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await published(1);
    await add('link', { 'Button text': 'Order rye', URL: 'https://bakery.example/rye' }, 'Add link button');
    await add('text', { Text: 'Open Sundays.' }, 'Add text');
    await page.locator('.blocks-list > li').nth(2).waitFor();
    await page.getByRole('button', { name: 'Publish changes' }).click();
    const [row] = await published(2);
    // The live page is the draft now: nothing to publish, so no button offers a third, identical version.
    await page.getByText('Published · up to date').waitFor();
    expect(await page.getByRole('button', { name: /^Publish/ }).count()).toBe(0);
    const pageId = row?.id ?? '';

    const history = page.getByRole('region', { name: 'Version history' });
    await eventually(
      async () => {
        if ((await history.getByText('Version 2', { exact: true }).count()) === 0)
          await history.getByRole('button', { name: 'Refresh' }).click();
        return history.locator('li[data-version]').count();
      },
      (n) => n === 2,
    );
    await expect(history.locator('li[data-version="1"] > span').first().textContent()).resolves.toMatch(
      /Version 1 published .* by Hilde · 1 block$/,
    );
    await expect(history.locator('li[data-version="2"] > span').first().textContent()).resolves.toMatch(
      /· 3 blocks/,
    );

    await history.getByRole('button', { name: 'Preview version 1' }).click();
    const v1 = page.frameLocator(`iframe[title="Version 1 of @${handle}"]`);
    await v1.getByText('Sourdough only').waitFor();
    expect(await v1.getByText('Order rye').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The list is kept on the device: a restart of the app with no network still shows it.
    await serviceWorkerReady(page);
    const editorUrl = page.url();
    const network = /\/(replicache|api|v1|healthz)/;
    await page.context().setOffline(true);
    // Belt and braces: requests a service worker makes are not always covered by the emulation.
    await page.context().route(network, (route) => route.abort('internetdisconnected'));
    await page.goto(editorUrl);
    await history.getByText(/^Showing the list last loaded/).waitFor();
    expect(await history.locator('li[data-version]').count()).toBe(2);
    await page.context().unroute(network);

    // Restored offline: the editor shows version 1 at once; the server gets it when the device is back.
    const live = () =>
      h.sql<{ type: string }>('SELECT type FROM bio_blocks WHERE page_id = $1 AND deleted_at IS NULL', [
        pageId,
      ]);
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await history.getByRole('button', { name: 'Replace the draft with version 1' }).click();
    await history
      .getByText('Restored version 1 into the draft (it reaches the server when you are online)')
      .waitFor();
    await eventually(
      () => page.locator('.blocks-list > li').count(),
      (n) => n === 1,
    );
    await page
      .frameLocator(`iframe[title="Preview of @${handle}"]`)
      .getByText('Order rye')
      .waitFor({ state: 'detached' });
    expect((await live()).length).toBe(3);
    await page.context().setOffline(false);
    expect((await eventually(live, (rows) => rows.length === 1)).map((b) => b.type)).toEqual(['header']);
    await eventually(
      () => page.locator('.blocks-list > li').count(),
      (n) => n === 1,
    );
    await page.frameLocator(`iframe[title="Preview of @${handle}"]`).getByText('Sourdough only').waitFor();
    expect(
      await page.frameLocator(`iframe[title="Preview of @${handle}"]`).getByText('Order rye').count(),
    ).toBe(0);
    await page.getByText('Published (draft has changes)').waitFor();

    // The page gets locked on the server (a plan downgrade) while this device is offline, so it cannot
    // know yet (online, any pull would hide Restore first): the restore is refused when it reaches the
    // server, nothing changes, and the refusal is shown as a notice.
    await page.context().setOffline(true);
    await page.context().route(network, (route) => route.abort('internetdisconnected'));
    await history.getByRole('button', { name: 'Restore version 2' }).click();
    await history.getByRole('button', { name: 'Replace the draft with version 2' }).click();
    await h.sql(
      "UPDATE bio_pages SET locked = true, locked_at = now(), locked_reason = 'plan_downgrade' WHERE id = $1",
      [pageId],
    );
    await page.context().unroute(network);
    await page.context().setOffline(false);
    const notice = page.getByRole('region', { name: 'Refused changes' }).getByRole('alert');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/Your change to “Hilde bakes” was not saved/);
    expect((await live()).length).toBe(1);
    // the editor drops what it had shown of the refused restore
    await eventually(
      () => page.locator('.blocks-list > li').count(),
      (n) => n === 1,
    );
    await page.context().close();
  }, 180_000);
});

describe('the QR designer and batch export', () => {
  it('designs a code with a logo and a framed call to action (preview and badge follow), then batch-exports two codes as a ZIP', async () => {
    const page = await signedIn('qr');
    await section(page, 'QR codes');
    await page.getByRole('button', { name: 'New QR code' }).click();
    await page.getByLabel('Destination URL').fill('https://bakery.example/menu');
    await page.getByLabel('Title', { exact: true }).fill('Counter menu');

    // The editor refuses by size before reading the file: 100 KB of anything typed image/png.
    const tooBig = Buffer.alloc(100 * 1024, 7);
    await page
      .getByLabel('Upload a logo')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: tooBig });
    await page.getByRole('alert').filter({ hasText: 'logos can be at most 64 KB' }).waitFor();

    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Upload a logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByLabel(/^Logo size: 20 %/).waitFor();
    const badge = page.locator('p[role=status][data-problems]');
    expect(await badge.textContent()).toBe('✓ Scannable design');

    await page.getByLabel(/^Logo size/).fill('45');
    await page.getByText('1 problem to fix before it prints').waitFor();
    await page.getByRole('button', { name: /^Shrink the logo to \d+ %$/ }).click();
    await page.getByText('✓ Scannable design').waitFor();

    await page.getByLabel('Frame with a call to action').check();
    await page.getByLabel('Call to action', { exact: true }).fill('FRESH BREAD');
    await page.getByLabel('Label font').selectOption('serif');
    const preview = page.getByRole('img', { name: /framed with “FRESH BREAD”, with a logo/ });
    const previewSvg = async () =>
      decodeURIComponent(
        ((await preview.getAttribute('src')) ?? '').replace(/^data:image\/svg\+xml;charset=utf-8,/, ''),
      );
    // The label is drawn as glyph outlines of the bundled face (its table loads lazily): frame,
    // label and modules are three paths, and no live text depends on the viewer's fonts.
    await expect.poll(async () => ((await previewSvg()).match(/<path/g) ?? []).length).toBe(3);
    const svg = await previewSvg();
    expect(svg).not.toContain('<text');
    expect(svg).toContain('<image');
    await page.getByLabel('Label colour').fill('#111111');
    await page.getByRole('button', { name: 'Use a readable label colour' }).click();
    await page.getByText('✓ Scannable design').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create QR code' }).click();
    await page.getByRole('heading', { name: 'QR code Counter menu' }).waitFor();
    const [saved] = await eventually(
      () =>
        h.sql<{
          design: { logo?: { source?: { kind?: string } }; frame?: { label?: string; font?: string } };
        }>('SELECT design FROM qr_codes WHERE title = $1', ['Counter menu']),
      (rows) => rows.length === 1,
    );
    expect(saved?.design.logo?.source?.kind).toBe('data_url');
    expect(saved?.design.frame).toMatchObject({ label: 'FRESH BREAD', font: 'serif' });

    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'New QR code' }).click();
    await page.getByLabel('Destination URL').fill('https://bakery.example/opening-hours');
    await page.getByLabel('Title', { exact: true }).fill('Door sign');
    await page.getByRole('button', { name: 'Create QR code' }).click();
    await page.getByRole('heading', { name: 'QR code Door sign' }).waitFor();
    await page.getByText('Encodes').waitFor();
    const slugs = await eventually(
      () =>
        h.sql<{ slug: string }>('SELECT slug FROM qr_codes WHERE workspace_id = $1 ORDER BY created_at', [
          workspaceId,
        ]),
      (rows) => rows.length === 2,
    );
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Select Counter menu for export').check();
    await page.getByLabel('Select Door sign for export').check();
    const batch = page.getByRole('region', { name: 'Export 2 selected codes' });
    await batch.getByLabel('Format').selectOption('svg');
    // The single file's range (D-453): 5 mm is refused at the field, and the batch waits for a size it will take.
    await batch.getByLabel('Size (mm)').fill('5');
    await batch.getByText('Enter a size from 10 to 1,000 mm.').waitFor();
    expect(await batch.getByRole('button', { name: 'Start batch export' }).isDisabled()).toBe(true);
    await batch.getByLabel('Size (mm)').fill('35');
    expect(await seriousViolations(page)).toEqual([]);
    await batch.getByRole('button', { name: 'Start batch export' }).click();
    await batch.getByText('Built: 2 files and manifest.csv').waitFor({ timeout: 60_000 });
    expect(await batch.locator('progress').getAttribute('value')).toBe('100');
    const download = page.waitForEvent('download');
    await batch.getByRole('link', { name: /^Download ZIP/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^qr-codes-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.zip$/);
    const bytes = new Uint8Array(await readFile(await file.path()));
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const zip = unzipSync(bytes);
    const names = Object.keys(zip).sort();
    expect(names).toEqual(['manifest.csv', ...slugs.map((s) => `${s.slug}.svg`)].sort());
    const manifest = new TextDecoder().decode(zip['manifest.csv']);
    expect(manifest.split(/\r?\n/)[0]).toBe(
      'slug,short_url,title,file,format,size_mm,design_revision,sha256,status,problem',
    );
    expect(manifest).toContain('Counter menu');
    expect(manifest.match(/,ok,/g)?.length).toBe(2);
    await batch.getByText(/^Saved qr-codes-/).waitFor();
    await page.context().close();
  }, 180_000);
});
