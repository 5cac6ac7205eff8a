import { SemanticError } from '../../errors/app-error';
import { minimumSizeMm, type QrProblem } from '../../qr/checks';
import { defaultQrDesign, type QrDesign } from '../../qr/design';
import type { LogoImage } from '../../qr/logo';
import { applyQrFixes } from '../../qr/fixes';
import { prepareQr, type PreparedQr } from '../../qr/prepare';
import { qrRuleProblems } from '../../qr/rules';
import { scanFailures } from './scan-check';

export type QrValidationOptions = {
  /** The printed width (artwork incl. quiet zone) to check module size at; omitted at save time. */
  readonly sizeMm?: number;
  readonly logoImage?: LogoImage;
};

export type QrValidation = {
  readonly ok: boolean;
  readonly problems: readonly QrProblem[];
  readonly text: string;
  readonly version: number;
  readonly moduleCount: number;
  /** The smallest printed width whose modules are ≥ 0.3 mm. */
  readonly minSizeMm: number;
};

/** Single-step design changes tried, cumulatively, to find a fix for a design that does not decode. */
const DECODE_FIXES: readonly ((d: QrDesign) => QrDesign | null)[] = [
  (d) => (d.logo !== null && d.logo.sizeRatio > 0.15 ? { ...d, logo: { ...d.logo, sizeRatio: 0.15 } } : null),
  (d) => (d.logo !== null && !d.logo.knockout ? { ...d, logo: { ...d.logo, knockout: true } } : null),
  (d) => (d.moduleShape !== 'square' ? { ...d, moduleShape: 'square' } : null),
  (d) => (d.finderStyle !== 'square' ? { ...d, finderStyle: 'square' } : null),
  (d) => (d.errorCorrection !== 'H' ? { ...d, errorCorrection: 'H' } : null),
  (d) => (d.logo !== null ? { ...d, logo: null } : null),
  (d) => ({ ...defaultQrDesign, frame: d.frame }),
];

/** Field-level differences between two designs, as `{field, suggested}`. */
function changes(from: QrDesign, to: QrDesign): { field: string; suggested: string | number | null }[] {
  const out: { field: string; suggested: string | number | null }[] = [];
  for (const key of [
    'fgColor',
    'bgColor',
    'moduleShape',
    'finderStyle',
    'errorCorrection',
    'margin',
  ] as const) {
    if (from[key] !== to[key]) out.push({ field: key, suggested: to[key] });
  }
  if (from.logo !== null && to.logo === null) out.push({ field: 'logo', suggested: null });
  else if (from.logo !== null && to.logo !== null) {
    if (from.logo.sizeRatio !== to.logo.sizeRatio)
      out.push({ field: 'logo.sizeRatio', suggested: to.logo.sizeRatio });
    if (from.logo.knockout !== to.logo.knockout)
      out.push({ field: 'logo.knockout', suggested: String(to.logo.knockout) });
  }
  return out;
}

async function decodes(
  url: string,
  design: QrDesign,
  logoImage: LogoImage | undefined,
  ready?: PreparedQr,
): Promise<boolean> {
  const prepared = ready ?? prepareQr(url, design, logoImage);
  return (await scanFailures(prepared, design.bgColor, design.allowInverted)).length === 0;
}

async function decodeProblems(
  url: string,
  design: QrDesign,
  logoImage: LogoImage | undefined,
  ready?: PreparedQr,
): Promise<QrProblem[]> {
  if (await decodes(url, design, logoImage, ready)) return [];
  const message = 'The rendered code does not scan back to its URL.';
  let candidate = design;
  for (const fix of DECODE_FIXES) {
    const next = fix(candidate);
    if (next === null) continue;
    candidate = next;
    if (await decodes(url, candidate, logoImage)) {
      return changes(design, candidate).map((c) => ({ ...c, issue: 'does_not_decode', message }));
    }
  }
  return [{ field: 'design', issue: 'does_not_decode', message, suggested: null }];
}

/**
 * Every reason a design would not scan, each with a one-click fix (docs/product-rules.md#qr-codes): colours, quiet zone,
 * logo, printed module size, and a real decode of the rendered raster.
 */
export async function validateQrDesign(
  url: string,
  design: QrDesign,
  options: QrValidationOptions = {},
): Promise<QrValidation> {
  const prepared = prepareQr(url, design, options.logoImage);
  const { scene } = prepared;
  const rules = qrRuleProblems(url, design, options.sizeMm).problems;
  // Decode what the rule fixes would produce, so applying every suggestion yields a passing design.
  const fixed = rules.length === 0 ? design : applyQrFixes(design, rules);
  const decode = await decodeProblems(
    url,
    fixed,
    options.logoImage,
    rules.length === 0 ? prepared : undefined,
  );
  const problems = [...rules.filter((r) => !decode.some((d) => d.field === r.field)), ...decode];
  return {
    ok: problems.length === 0,
    problems,
    text: prepared.text,
    version: scene.matrix.version,
    moduleCount: scene.matrix.size,
    minSizeMm: minimumSizeMm(scene.width),
  };
}

/** Throws `422 qr_unscannable` with every problem as `details` unless the design passes. */
export async function assertScannable(
  url: string,
  design: QrDesign,
  options: QrValidationOptions = {},
): Promise<QrValidation> {
  const result = await validateQrDesign(url, design, options);
  if (!result.ok) throw new SemanticError('qr_unscannable', { details: result.problems });
  return result;
}
