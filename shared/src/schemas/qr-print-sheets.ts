import { z } from 'zod';
import { PRINT_SHEET_PAPERS, PRINT_SHEET_PRESETS } from '../qr/print-sheet/layout';
import { MAX_QR_BATCH_CODES } from './qr-exports';

const papers = Object.keys(PRINT_SHEET_PAPERS) as [
  keyof typeof PRINT_SHEET_PAPERS,
  ...(keyof typeof PRINT_SHEET_PAPERS)[],
];
const presets = Object.keys(PRINT_SHEET_PRESETS) as [
  keyof typeof PRINT_SHEET_PRESETS,
  ...(keyof typeof PRINT_SHEET_PRESETS)[],
];

/** Up to 10 × 10 codes a page; a grid too dense for a printable code is refused by the layout. */
const gridSide = z.number().int().min(1).max(10);

/**
 * `POST /v1/qr-codes/print-sheet`: the chosen codes (in this order) on one PDF, as many pages as
 * needed. `layout` is a preset (`table_tent`, `sticker_50mm`) or a grid of rows × columns.
 */
export const qrPrintSheetInputSchema = z.strictObject({
  /** Required with a session; with an API key it may be left out, and must be the key's workspace when given. */
  workspace_id: z.uuid().optional(),
  qr_code_ids: z.array(z.uuid()).min(1).max(MAX_QR_BATCH_CODES),
  paper: z.enum(papers).default('a4'),
  layout: z
    .union([
      z.strictObject({ preset: z.enum(presets) }),
      z.strictObject({ rows: gridSide, columns: gridSide }),
    ])
    .default({ preset: 'sticker_50mm' }),
  /** What is printed under each code: its title (its slug when it has none), or nothing. */
  caption: z.enum(['title', 'none']).default('title'),
});
export type QrPrintSheetInput = z.infer<typeof qrPrintSheetInputSchema>;
