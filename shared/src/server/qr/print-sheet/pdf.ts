import PDFDocument from 'pdfkit';
import type { QrProblem } from '../../../qr/checks';
import type { QrDesign } from '../../../qr/design';
import { labelFontPath } from '../label/generate';
import { measureText, unsupportedCharacters } from '../../../qr/label/metrics';
import type { LogoImage } from '../../../qr/logo';
import { prepareQr, type PreparedQr } from '../../../qr/prepare';
import { drawQrScene } from '../render/pdf';
import { PT_PER_MM } from '../../../qr/render/types';
import { qrRuleProblems } from '../../../qr/rules';
import {
  CAPTION_BAND_MM,
  CROP_MARK_GAP_MM,
  CROP_MARK_LENGTH_MM,
  printSheetLayout,
  type PrintSheetGrid,
  type PrintSheetPaper,
  type SheetLayout,
} from '../../../qr/print-sheet/layout';

/** One code of a sheet: what its single export would draw, and the caption printed under it. */
export type PrintSheetCode = {
  /** The short URL the code opens (encoded in its shortest safe form, as every export does). */
  readonly url: string;
  readonly design: QrDesign;
  readonly logoImage?: LogoImage;
  readonly caption: string;
};

export type PrintSheetJob = {
  readonly paper: PrintSheetPaper;
  readonly grid: PrintSheetGrid;
  readonly codes: readonly PrintSheetCode[];
};

export type PrintSheetResult =
  | {
      readonly kind: 'rendered';
      readonly bytes: Uint8Array;
      readonly pages: number;
      readonly codeSizeMm: number;
      /** What each code's symbol encodes, in the job's order (page by page, row by row). */
      readonly encodedTexts: readonly string[];
    }
  | { readonly kind: 'too_dense'; readonly minSizeMm: number; readonly codeSizeMm: number }
  /** Codes that would not scan at the sheet's size: their index in the job and their problems. */
  | {
      readonly kind: 'refused';
      readonly codeSizeMm: number;
      readonly problems: readonly { readonly index: number; readonly problem: QrProblem }[];
    };

const CAPTION_PT = 8;
const CAPTION_FACE = 'sans';

/** The caption as the bundled face can set it, shortened with an ellipsis to the code's width. */
function fittedCaption(text: string, widthPt: number): string {
  const unsupported = new Set(unsupportedCharacters(text, CAPTION_FACE));
  let drawable = [...text].map((c) => (unsupported.has(c) ? '?' : c)).join('');
  const width = (t: string) => measureText(t, CAPTION_FACE).advance * CAPTION_PT;
  if (width(drawable) <= widthPt) return drawable;
  while (drawable.length > 0 && width(`${drawable}...`) > widthPt)
    drawable = [...drawable].slice(0, -1).join('');
  return `${drawable}...`;
}

function cropMarks(doc: InstanceType<typeof PDFDocument>, x: number, y: number, w: number, h: number): void {
  const gap = CROP_MARK_GAP_MM * PT_PER_MM;
  const mark = CROP_MARK_LENGTH_MM * PT_PER_MM;
  for (const cx of [x, x + w]) {
    doc.moveTo(cx, y - gap).lineTo(cx, y - gap - mark);
    doc.moveTo(cx, y + h + gap).lineTo(cx, y + h + gap + mark);
  }
  for (const cy of [y, y + h]) {
    doc.moveTo(x - gap, cy).lineTo(x - gap - mark, cy);
    doc.moveTo(x + w + gap, cy).lineTo(x + w + gap + mark, cy);
  }
  doc.stroke();
}

/**
 * A print sheet (D-576): the codes on A4 or Letter pages, N a page, each with crop marks at its
 * trim corners and its caption in the bundled face (embedded as a subset, D-520). Every code is drawn
 * by `drawQrScene`, the single PDF export's own drawing, from the same `prepareQr`, so a sheet's
 * symbols are the single files' symbols module for module.
 */
export async function renderPrintSheet(job: PrintSheetJob): Promise<PrintSheetResult> {
  const prepared: PreparedQr[] = job.codes.map((c) => prepareQr(c.url, c.design, c.logoImage));
  const tallest = Math.max(1, ...prepared.map((p) => p.scene.height / p.scene.width));
  const placed = printSheetLayout(job.paper, job.grid, tallest);
  if (!placed.ok) return { kind: 'too_dense', minSizeMm: placed.minSizeMm, codeSizeMm: placed.codeSizeMm };
  const layout: SheetLayout = placed.layout;
  // The rule checks of a single export at the printed size (each symbol was decode-checked when saved).
  const problems = job.codes.flatMap((c, index) =>
    qrRuleProblems(c.url, c.design, layout.codeSizeMm).problems.map((problem) => ({ index, problem })),
  );
  if (problems.length > 0) return { kind: 'refused', codeSizeMm: layout.codeSizeMm, problems };
  const perPage = layout.cells.length;

  const doc = new PDFDocument({
    size: [layout.pageWidthMm * PT_PER_MM, layout.pageHeightMm * PT_PER_MM],
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: {
      Title: `LinkHub print sheet (${job.codes.length} codes)`,
      Creator: 'LinkHub',
      Producer: 'LinkHub',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const widthPt = layout.codeSizeMm * PT_PER_MM;
  for (const [i, code] of job.codes.entries()) {
    const cell = layout.cells[i % perPage];
    const qr = prepared[i];
    if (cell === undefined || qr === undefined) continue;
    if (i % perPage === 0) doc.addPage();
    const x = cell.xMm * PT_PER_MM;
    const y = cell.yMm * PT_PER_MM;
    const heightPt = (widthPt * qr.scene.height) / qr.scene.width;
    await drawQrScene(doc, qr, { x, y, unit: widthPt / qr.scene.width, colour: (hex) => hex });
    doc.lineWidth(0.25).strokeColor('#000000');
    cropMarks(doc, x, y, widthPt, heightPt);
    const caption = fittedCaption(code.caption, widthPt);
    if (caption !== '') {
      const captionWidth = measureText(caption, CAPTION_FACE).advance * CAPTION_PT;
      doc
        .font(labelFontPath(CAPTION_FACE))
        .fontSize(CAPTION_PT)
        .fillColor('#000000')
        .text(caption, x + (widthPt - captionWidth) / 2, y + heightPt + (CAPTION_BAND_MM - 1) * PT_PER_MM, {
          lineBreak: false,
          baseline: 'alphabetic',
        });
    }
  }
  doc.end();
  await done;
  const bytes = Buffer.concat(chunks);
  return {
    kind: 'rendered',
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    pages: Math.ceil(job.codes.length / perPage),
    codeSizeMm: layout.codeSizeMm,
    encodedTexts: prepared.map((p) => p.text),
  };
}
