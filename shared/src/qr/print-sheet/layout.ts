import { QR_PRINT_SIZE_MM } from '../../schemas/qr-codes';

/** Paper sizes in millimetres (portrait). */
export const PRINT_SHEET_PAPERS = {
  a4: { widthMm: 210, heightMm: 297 },
  letter: { widthMm: 215.9, heightMm: 279.4 },
} as const;
export type PrintSheetPaper = keyof typeof PRINT_SHEET_PAPERS;

/**
 * Named layouts: a table tent is two large codes a page (one per face of the folded card); a
 * 50 mm sticker is a fixed-size code, as many a page as fit.
 */
export const PRINT_SHEET_PRESETS = {
  table_tent: { kind: 'grid', rows: 2, columns: 1 },
  sticker_50mm: { kind: 'fixed', sizeMm: 50 },
} as const;
export type PrintSheetPreset = keyof typeof PRINT_SHEET_PRESETS;

export type PrintSheetGrid =
  { readonly preset: PrintSheetPreset } | { readonly rows: number; readonly columns: number };

/** Page margin, the room around each code for its crop marks, and the caption band under it. */
export const SHEET_MARGIN_MM = 10;
export const CELL_PADDING_MM = 5;
export const CAPTION_BAND_MM = 8;
/** Crop marks: this far from the trim corner, this long (inside the cell padding). */
export const CROP_MARK_GAP_MM = 1;
export const CROP_MARK_LENGTH_MM = 3;

export type SheetCell = {
  /** Top-left of the code's artwork (its trim box) on the page, in millimetres from the page's top-left. */
  readonly xMm: number;
  readonly yMm: number;
};

export type SheetLayout = {
  readonly paper: PrintSheetPaper;
  readonly pageWidthMm: number;
  readonly pageHeightMm: number;
  readonly rows: number;
  readonly columns: number;
  /** Printed width of every code (its artwork: quiet zone and frame included). */
  readonly codeSizeMm: number;
  /** The cells of one page, row by row. */
  readonly cells: readonly SheetCell[];
};

export type SheetLayoutResult =
  | { readonly ok: true; readonly layout: SheetLayout }
  | { readonly ok: false; readonly minSizeMm: number; readonly codeSizeMm: number };

/**
 * Where the codes of a sheet go. `tallest` is the largest height ÷ width of the codes' artwork (a
 * frame's label band makes a code taller than wide), so every code fits its cell with its caption.
 * A grid too dense for a printable code (under `QR_PRINT_SIZE_MM.min`) is refused, not shrunk.
 */
export function printSheetLayout(
  paper: PrintSheetPaper,
  grid: PrintSheetGrid,
  tallest: number,
): SheetLayoutResult {
  const page = PRINT_SHEET_PAPERS[paper];
  const areaW = page.widthMm - 2 * SHEET_MARGIN_MM;
  const areaH = page.heightMm - 2 * SHEET_MARGIN_MM;
  const cellH = (sizeMm: number) => sizeMm * tallest + 2 * CELL_PADDING_MM + CAPTION_BAND_MM;
  const cellW = (sizeMm: number) => sizeMm + 2 * CELL_PADDING_MM;

  let rows: number;
  let columns: number;
  let sizeMm: number;
  const shape = 'preset' in grid ? PRINT_SHEET_PRESETS[grid.preset] : { kind: 'grid' as const, ...grid };
  if (shape.kind === 'fixed') {
    sizeMm = shape.sizeMm;
    columns = Math.floor(areaW / cellW(sizeMm));
    rows = Math.floor(areaH / cellH(sizeMm));
  } else {
    rows = shape.rows;
    columns = shape.columns;
    const byWidth = areaW / columns - 2 * CELL_PADDING_MM;
    const byHeight = (areaH / rows - 2 * CELL_PADDING_MM - CAPTION_BAND_MM) / tallest;
    // Whole tenths of a millimetre: the size printed on the sheet is the size the check ran at.
    sizeMm = Math.floor(Math.min(byWidth, byHeight) * 10) / 10;
  }
  if (rows < 1 || columns < 1 || sizeMm < QR_PRINT_SIZE_MM.min)
    return { ok: false, minSizeMm: QR_PRINT_SIZE_MM.min, codeSizeMm: Math.max(0, sizeMm) };

  // The grid is centred on the page; each code is centred in its cell above its caption band.
  const usedW = columns * (areaW / columns);
  const stepX = shape.kind === 'fixed' ? cellW(sizeMm) : areaW / columns;
  const stepY = shape.kind === 'fixed' ? cellH(sizeMm) : areaH / rows;
  const left = SHEET_MARGIN_MM + (usedW - columns * stepX) / 2;
  const top = SHEET_MARGIN_MM + (areaH - rows * stepY) / 2;
  const cells: SheetCell[] = [];
  for (let r = 0; r < rows; r += 1)
    for (let c = 0; c < columns; c += 1)
      cells.push({
        xMm: left + c * stepX + (stepX - sizeMm) / 2,
        yMm: top + r * stepY + (stepY - CAPTION_BAND_MM - sizeMm * tallest) / 2,
      });
  return {
    ok: true,
    layout: {
      paper,
      pageWidthMm: page.widthMm,
      pageHeightMm: page.heightMm,
      rows,
      columns,
      codeSizeMm: sizeMm,
      cells,
    },
  };
}
