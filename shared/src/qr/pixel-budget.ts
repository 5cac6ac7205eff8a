import { SemanticError } from '../errors/app-error';
import { MM_PER_INCH, type QrFormat } from './render/types';

/**
 * The longest side a PNG export may have: 36 MP, about a second of render and a few hundred MB at
 * peak. Larger prints are what the vector formats (PDF, SVG, EPS) are for.
 */
export const QR_PNG_MAX_SIDE_PX = 6000;

/** Export sizes are kept to a tenth of a millimetre: finer is below any printer's precision, and 50.04 and 50.0 are one file. */
export function canonicalSizeMm(sizeMm: number): number {
  return Math.round(sizeMm * 10) / 10;
}

/** The largest PNG side, in mm to 0.1 mm (rounded down), that fits the pixel budget at `dpi`. */
export function maxPngSizeMm(dpi: number): number {
  return Math.floor(((QR_PNG_MAX_SIDE_PX / dpi) * MM_PER_INCH + 1e-9) * 10) / 10;
}

/** Throws 422 `qr_render_too_large`, naming the largest size allowed at that DPI, when a PNG would exceed the pixel budget. */
export function assertWithinPixelBudget(format: QrFormat, sizeMm: number, dpi: number): void {
  if (format !== 'png') return;
  const max = maxPngSizeMm(dpi);
  if (canonicalSizeMm(sizeMm) <= max) return;
  throw new SemanticError('qr_render_too_large', {
    message: `At ${dpi} DPI a PNG can be at most ${max} mm wide; choose a smaller size, a lower DPI, or PDF or SVG for larger prints.`,
    details: [
      {
        field: 'size_mm',
        issue: 'too_large_for_dpi',
        dpi,
        max_size_mm: max,
        max_side_px: QR_PNG_MAX_SIDE_PX,
      },
    ],
  });
}
