import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { decodeQr } from '../decode';
import { MM_PER_INCH } from '../../../qr/render/types';
import { PRINT_SHEET_PAPERS, SHEET_MARGIN_MM, type PrintSheetPaper } from '../../../qr/print-sheet/layout';

/**
 * Test support for print sheets, read back the way a print shop would: every page rasterised by
 * poppler's `pdftoppm`, each cell of the grid cut out and decoded by zxing under both of its
 * binarizers (the two decoders every QR export test uses), the fonts listed by `pdffonts`.
 */
const run = promisify(execFile);

async function withPdf<T>(bytes: Uint8Array, fn: (path: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'linkhub-sheet-'));
  try {
    const path = join(dir, 'sheet.pdf');
    await writeFile(path, bytes);
    return await fn(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A grid cell's area on the page (the layout's cells split the area inside the margins evenly). */
export function gridCellBoxMm(
  paper: PrintSheetPaper,
  rows: number,
  columns: number,
  index: number,
): { xMm: number; yMm: number; wMm: number; hMm: number } {
  const page = PRINT_SHEET_PAPERS[paper];
  const wMm = (page.widthMm - 2 * SHEET_MARGIN_MM) / columns;
  const hMm = (page.heightMm - 2 * SHEET_MARGIN_MM) / rows;
  const cell = index % (rows * columns);
  return {
    xMm: SHEET_MARGIN_MM + (cell % columns) * wMm,
    yMm: SHEET_MARGIN_MM + Math.floor(cell / columns) * hMm,
    wMm,
    hMm,
  };
}

export type DecodedCell = { readonly localAverage: string[]; readonly globalHistogram: string[] };

/**
 * Every page rasterised at `dpi`, and for code `i` (page `⌊i / perPage⌋`) what both decoders read in
 * the box `boxOf(i)` (millimetres from the page's top-left).
 */
export async function decodeSheet(
  bytes: Uint8Array,
  opts: {
    readonly dpi: number;
    readonly count: number;
    readonly perPage: number;
    readonly boxOf: (i: number) => { xMm: number; yMm: number; wMm: number; hMm: number };
  },
): Promise<DecodedCell[]> {
  return withPdf(bytes, async (path, dir) => {
    await run('pdftoppm', ['-r', String(opts.dpi), '-gray', '-png', path, join(dir, 'page')], {
      maxBuffer: 1 << 24,
    });
    const pages = (await readdir(dir)).filter((f) => f.startsWith('page')).sort();
    const px = (mm: number) => Math.round((mm / MM_PER_INCH) * opts.dpi);
    const cells: DecodedCell[] = [];
    for (let i = 0; i < opts.count; i += 1) {
      const page = pages[Math.floor(i / opts.perPage)];
      if (page === undefined) {
        cells.push({ localAverage: [], globalHistogram: [] });
        continue;
      }
      const box = opts.boxOf(i);
      const image = sharp(await readFile(join(dir, page)));
      const meta = await image.metadata();
      const left = Math.max(0, px(box.xMm));
      const top = Math.max(0, px(box.yMm));
      const { data, info } = await image
        .extract({
          left,
          top,
          width: Math.min(px(box.wMm), (meta.width ?? 0) - left),
          height: Math.min(px(box.hMm), (meta.height ?? 0) - top),
        })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const rgba = {
        data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
        width: info.width,
        height: info.height,
      };
      cells.push({
        localAverage: await decodeQr(rgba, { binarizer: 'LocalAverage', tryInvert: false }),
        globalHistogram: await decodeQr(rgba, { binarizer: 'GlobalHistogram', tryInvert: false }),
      });
    }
    return cells;
  });
}

/** `pdffonts` rows: each font's name and whether it is embedded. */
export async function sheetFonts(bytes: Uint8Array): Promise<{ name: string; embedded: boolean }[]> {
  return withPdf(bytes, async (path) => {
    const { stdout } = await run('pdffonts', [path]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((l) => l.trim() !== '')
      .map((row) => {
        const cols = row.trim().split(/\s+/);
        return { name: cols[0] ?? '', embedded: cols.slice(-5, -4)[0] === 'yes' };
      });
  });
}

/** `pdfinfo`: the page count and the first page's size in millimetres. */
export async function sheetInfo(
  bytes: Uint8Array,
): Promise<{ pages: number; widthMm: number; heightMm: number }> {
  return withPdf(bytes, async (path) => {
    const { stdout } = await run('pdfinfo', [path]);
    const pages = Number(/Pages:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout);
    const mm = (pt: string | undefined) => Math.round((Number(pt) * MM_PER_INCH * 10) / 72) / 10;
    return { pages, widthMm: mm(size?.[1]), heightMm: mm(size?.[2]) };
  });
}
