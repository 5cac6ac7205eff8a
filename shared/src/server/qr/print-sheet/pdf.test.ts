import { describe, expect, it } from 'vitest';
import { qrDesignSchema, type QrDesignInput } from '../../../qr/design';
import { prepareQr } from '../../../qr/prepare';
import { renderQr } from '../render/index';
import { rasteriseOutput } from '../render/testing';
import { decodeQr } from '../decode';
import { PRINT_SHEET_PAPERS, printSheetLayout } from '../../../qr/print-sheet/layout';
import { renderPrintSheet, type PrintSheetCode } from './pdf';
import { decodeSheet, gridCellBoxMm, sheetFonts, sheetInfo } from './testing';

const LOGO = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#e4002b"/></svg>').toString('base64')}`;
const DESIGNS: QrDesignInput[] = [
  {},
  {
    fgColor: '#1a3d7c',
    moduleShape: 'rounded',
    finderStyle: 'rounded',
    frame: { label: 'SCAN FOR THE MENU' },
  },
  { fgColor: '#2d6a4f', moduleShape: 'dots', finderStyle: 'circle', margin: 5 },
  {
    logo: { source: { kind: 'data_url', dataUrl: LOGO } },
    frame: { label: 'Scan to see tonight’s specials menu!' },
  },
];
const codes: PrintSheetCode[] = Array.from({ length: 7 }, (_, i) => ({
  url: `http://lnk.localhost:8787/table${i + 1}`,
  design: qrDesignSchema.parse(DESIGNS[i % DESIGNS.length]),
  caption: `Table ${i + 1}`,
}));
const text = (c: PrintSheetCode) => prepareQr(c.url, c.design).text;

describe('print sheet PDF', () => {
  it('puts each code, the same symbol as its single export, in its cell: both decoders read its encoded text', async () => {
    const sheet = await renderPrintSheet({ paper: 'a4', grid: { rows: 2, columns: 2 }, codes });
    if (sheet.kind !== 'rendered') throw new Error(`expected a sheet, got ${sheet.kind}`);
    expect(sheet.pages).toBe(2);
    expect(sheet.encodedTexts).toEqual(codes.map(text));
    expect(await sheetInfo(sheet.bytes)).toEqual({ pages: 2, widthMm: 210, heightMm: 297 });
    const cells = await decodeSheet(sheet.bytes, {
      dpi: 200,
      count: codes.length,
      perPage: 4,
      boxOf: (i) => gridCellBoxMm('a4', 2, 2, i),
    });
    expect(cells).toEqual(codes.map((c) => ({ localAverage: [text(c)], globalHistogram: [text(c)] })));
    // The single PDF export of the same code decodes to the same text.
    const [first] = codes;
    if (first === undefined) throw new Error('no code');
    const single = await renderQr('pdf', { url: first.url, design: first.design, sizeMm: sheet.codeSizeMm });
    expect(
      await decodeQr(await rasteriseOutput(single, 200), { binarizer: 'LocalAverage', tryInvert: false }),
    ).toEqual([text(first)]);
  });

  it('embeds its fonts (the bundled face of labels and captions) and sizes Letter pages', async () => {
    const sheet = await renderPrintSheet({
      paper: 'letter',
      grid: { preset: 'table_tent' },
      codes: codes.slice(0, 2),
    });
    if (sheet.kind !== 'rendered') throw new Error(`expected a sheet, got ${sheet.kind}`);
    expect(await sheetInfo(sheet.bytes)).toEqual({ pages: 1, widthMm: 215.9, heightMm: 279.4 });
    const fonts = await sheetFonts(sheet.bytes);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toEqual({ name: expect.stringMatching(/DejaVu/), embedded: true });
  });

  it('lays presets out on the page: 50 mm stickers as many as fit, table tents two a page', () => {
    const a4 = printSheetLayout('a4', { preset: 'sticker_50mm' }, 1);
    expect(a4).toMatchObject({ ok: true, layout: { rows: 4, columns: 3, codeSizeMm: 50 } });
    const letter = printSheetLayout('letter', { preset: 'sticker_50mm' }, 1);
    expect(letter).toMatchObject({ ok: true, layout: { rows: 3, columns: 3, codeSizeMm: 50 } });
    const tent = printSheetLayout('a4', { preset: 'table_tent' }, 1.2);
    expect(tent).toMatchObject({ ok: true, layout: { rows: 2, columns: 1 } });
    // Every cell lies on the page, clear of the margins.
    for (const placed of [a4, letter, tent]) {
      if (!placed.ok) throw new Error('refused');
      const { pageWidthMm, pageHeightMm, codeSizeMm, cells } = placed.layout;
      expect(pageWidthMm).toBe(PRINT_SHEET_PAPERS[placed.layout.paper].widthMm);
      for (const cell of cells) {
        expect(cell.xMm).toBeGreaterThanOrEqual(10);
        expect(cell.xMm + codeSizeMm).toBeLessThanOrEqual(pageWidthMm - 10);
        expect(cell.yMm + codeSizeMm).toBeLessThanOrEqual(pageHeightMm - 10);
      }
    }
  });

  it('refuses a grid too dense for a printable code, and a code whose modules would print too small', async () => {
    expect(await renderPrintSheet({ paper: 'a4', grid: { rows: 10, columns: 10 }, codes })).toMatchObject({
      kind: 'too_dense',
      minSizeMm: 10,
    });
    const long = {
      url: `https://example.com/${'menu-of-the-day/'.repeat(8)}`,
      design: qrDesignSchema.parse({}),
      caption: 'long',
    };
    const dense = await renderPrintSheet({
      paper: 'a4',
      grid: { rows: 8, columns: 8 },
      codes: [codes[0] ?? long, long],
    });
    expect(dense).toMatchObject({
      kind: 'refused',
      problems: [{ index: 1, problem: { issue: 'modules_too_small' } }],
    });
  });
});
