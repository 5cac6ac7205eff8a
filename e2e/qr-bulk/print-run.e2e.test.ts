import type pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirectPool } from '@linkhub/shared/server/db/pool';
import { PRINT_SHEET_PAPERS, printSheetLayout } from '@linkhub/shared/qr/print-sheet/layout';
import { qrDesignSchema } from '@linkhub/shared/qr/design';
import { prepareQr } from '@linkhub/shared/qr/prepare';
import type { QrCode } from '@linkhub/shared/schemas/qr-codes';
import { qrDesignApiSchema } from '@linkhub/shared/schemas/qr-design';
import { decodeSheet, sheetFonts, sheetInfo } from '@linkhub/shared/server/qr/print-sheet/testing';
import { launchChromium, newContext, newPage, openSection, signIn, VIEWPORTS } from '../launcher/browser';
import { downloadedBytes } from '../launcher/files';
import { startLauncher, type Launcher } from '../launcher/launcher';
import { visitEdge } from '../launcher/edge';

/**
 * The print run of D-575 against the stack exactly as `npm start` runs it: an operator signs in,
 * creates 500 table tents from one CSV file in the QR screen (preview, then create), and downloads
 * them as one print sheet PDF. Every code of the sheet is decoded from the rasterised pages by both
 * decoders and compared with the encoded_text the API gives for it; the fonts are embedded; a code
 * opens its table's menu at the edge. Timings are printed (the bench in bench/qr-bulk measures them).
 */
const CODES = 500;
let stack: Launcher;
let browser: Browser;
let db: pg.Pool;

beforeAll(async () => {
  stack = await startLauncher();
  browser = await launchChromium();
  db = createDirectPool(stack.demo.database_url, 2);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await db?.end();
  await stack?.cleanUp();
}, 60_000);

const csv = [
  'title,url,label',
  ...Array.from(
    { length: CODES },
    (_, i) =>
      `Table ${i + 1},https://bistro.example/menu?table=${i + 1},${i % 2 === 0 ? 'SCAN FOR THE MENU' : ''}`,
  ),
].join('\n');

describe('500 table tents in one go', () => {
  it('creates 500 codes from a CSV in the editor and prints them as one sheet whose every symbol decodes to its encoded_text', async () => {
    const context = await newContext(browser, VIEWPORTS[1] ?? { name: 'desktop', width: 1280, height: 800 });
    const page = await newPage(context, 'qr-bulk');
    try {
      await signIn(page, stack.demo.pwa_url, stack.demo.email, stack.demo.password);
      await openSection(page, 'QR codes');
      await page.getByRole('button', { name: 'Create from CSV' }).click();
      const started = performance.now();
      await page.locator('#qr-csv-import-file').setInputFiles({
        name: 'tents.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await page.getByText(`${CODES} rows read: ${CODES} ready to create.`).waitFor();
      await page
        .getByRole('table')
        .getByText('Table 1 → https://bistro.example/menu?table=1', { exact: false })
        .first()
        .waitFor();
      await page.getByRole('button', { name: `Create ${CODES} codes` }).click();
      await page.getByText(`Created ${CODES} of ${CODES} codes.`).waitFor({ timeout: 600_000 });
      const createdMs = performance.now() - started;

      await page.getByLabel('Layout').selectOption('sticker_50mm');
      const sheetStarted = performance.now();
      const download = page.waitForEvent('download', { timeout: 300_000 });
      await page.getByRole('button', { name: 'Download print sheet (PDF)' }).click();
      const pdf = await downloadedBytes(await download);
      const sheetMs = performance.now() - sheetStarted;
      console.log(
        `[qr-bulk] ${CODES} codes from CSV: ${createdMs.toFixed(0)} ms; print sheet: ${sheetMs.toFixed(0)} ms, ${pdf.byteLength} bytes`,
      );

      // The codes as the API gives them, in the file's order (the sheet prints them in that order).
      const codes = (
        await db.query<{ id: string; title: string }>(
          'SELECT id, title FROM qr_codes WHERE workspace_id = $1 AND title LIKE $2',
          [stack.demo.workspace_id, 'Table %'],
        )
      ).rows.sort((a, b) => Number(a.title.slice(6)) - Number(b.title.slice(6)));
      expect(codes).toHaveLength(CODES);
      const encoded: string[] = [];
      let tallest = 1;
      for (const code of codes) {
        const res = await fetch(`${stack.demo.sync_url}/v1/qr-codes/${code.id}`, {
          headers: { Authorization: `Bearer ${stack.demo.api_key}` },
        });
        const { data } = (await res.json()) as {
          data: Pick<QrCode, 'encoded_text' | 'short_url' | 'design'>;
        };
        encoded.push(data.encoded_text);
        const { scene } = prepareQr(
          data.short_url,
          qrDesignSchema.parse(qrDesignApiSchema.parse(data.design)),
        );
        tallest = Math.max(tallest, scene.height / scene.width);
      }

      // Every code in its cell, read by both decoders: where the layout put it (framed codes are the tallest).
      const info = await sheetInfo(pdf);
      const page0 = PRINT_SHEET_PAPERS.a4;
      expect(info).toMatchObject({ widthMm: page0.widthMm, heightMm: page0.heightMm });
      const layout = printSheetLayout('a4', { preset: 'sticker_50mm' }, tallest);
      if (!layout.ok) throw new Error('the sticker layout was refused');
      const perPage = layout.layout.cells.length;
      expect(info.pages).toBe(Math.ceil(CODES / perPage));
      const cells = await decodeSheet(pdf, {
        dpi: 150,
        count: CODES,
        perPage,
        boxOf: (i) => {
          const cell = layout.layout.cells[i % perPage] ?? { xMm: 0, yMm: 0 };
          return { xMm: cell.xMm - 4, yMm: cell.yMm - 4, wMm: 58, hMm: 50 * tallest + 8 };
        },
      });
      const misread = cells.flatMap((c, i) =>
        c.localAverage.join() === encoded[i] && c.globalHistogram.join() === encoded[i]
          ? []
          : [{ i, c, want: encoded[i] }],
      );
      expect(misread).toEqual([]);
      for (const font of await sheetFonts(pdf)) expect(font.embedded).toBe(true);

      // A printed code opens its table's menu.
      const last = encoded[CODES - 1] ?? '';
      const answer = await visitEdge(
        stack.ports.edge,
        stack.demo.link_host,
        new URL(last.toLowerCase()).pathname,
      );
      expect(answer).toMatchObject({ status: 302, location: `https://bistro.example/menu?table=${CODES}` });
    } finally {
      await context.close();
    }
  }, 1_200_000);
});
