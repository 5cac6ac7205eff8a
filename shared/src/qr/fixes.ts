import { qrDesignSchema, type QrDesign } from './design';

export type QrFix = {
  readonly field: string;
  readonly suggested: string | number | boolean | null | readonly string[];
};

/**
 * Applies suggested fixes (validation `details`) to a design — the editor's one-click fix. Fields
 * that are not part of the design (`sizeMm`, `design`) are left to the caller.
 */
export function applyQrFixes(design: QrDesign, fixes: readonly QrFix[]): QrDesign {
  const next: QrDesign = structuredClone(design);
  for (const { field, suggested } of fixes) {
    switch (field) {
      case 'fgColor':
      case 'bgColor':
        next[field] = qrDesignSchema.shape[field].parse(suggested);
        break;
      case 'margin':
        next.margin = qrDesignSchema.shape.margin.parse(suggested);
        break;
      case 'moduleShape':
        next.moduleShape = qrDesignSchema.shape.moduleShape.parse(suggested);
        break;
      case 'finderStyle':
        next.finderStyle = qrDesignSchema.shape.finderStyle.parse(suggested);
        break;
      case 'errorCorrection':
        next.errorCorrection = qrDesignSchema.shape.errorCorrection.parse(suggested);
        break;
      case 'logo':
        if (suggested === null) next.logo = null;
        break;
      case 'logo.sizeRatio':
        if (next.logo !== null && typeof suggested === 'number') next.logo.sizeRatio = suggested;
        break;
      case 'logo.knockout':
        if (next.logo !== null) next.logo.knockout = suggested === true || suggested === 'true';
        break;
      case 'design.frame.label':
        if (next.frame !== null && typeof suggested === 'string' && suggested !== '')
          next.frame.label = suggested;
        break;
      default:
        break;
    }
  }
  return next;
}
