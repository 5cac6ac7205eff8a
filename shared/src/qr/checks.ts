import type { ErrorDetail } from '../errors/details';
import { contrastRatio, darken, lighten, relativeLuminance } from './color';
import { MIN_QUIET_ZONE_MODULES, type QrDesign } from './design';
import type { QrEcLevel } from './encode';
import { MIN_LABEL_CAP_MODULES } from './label/layout';
import { capHeightEm } from './label/metrics';
import { knockoutSide, type QrScene } from './scene';

/** One refusal reason with its one-click fix: apply `suggested` to `field` and validate again. */
export type QrProblem = ErrorDetail & {
  readonly message: string;
  readonly suggested: string | number | null;
};

/**
 * Contrast floor (D-009): WCAG ratio ≥ 4:1 and a luminance difference ≥ 0.40, the latter
 * being ISO/IEC 15415's symbol-contrast grade C (≥ 40 % reflectance difference) with relative
 * luminance standing in for reflectance.
 */
export const MIN_CONTRAST_RATIO = 4;
export const MIN_LUMINANCE_DIFFERENCE = 0.4;
/** A centred logo may cover about 10 % of the symbol at H or Q; M has too little redundancy. */
export const MAX_LOGO_AREA = 0.1;
/** Smallest printed module that phone cameras resolve at arm's length. */
export const MIN_MODULE_MM = 0.3;

function contrastOk(dark: string, light: string): boolean {
  return (
    contrastRatio(dark, light) >= MIN_CONTRAST_RATIO &&
    relativeLuminance(light) - relativeLuminance(dark) >= MIN_LUMINANCE_DIFFERENCE
  );
}

/** The nearest passing pair: darken the dark colour (same hue), then lighten the light one. */
export function fixContrast(dark: string, light: string): { dark: string; light: string } {
  for (let t = 0; t <= 1.0001; t += 0.02) {
    const d = darken(dark, Math.min(1, t));
    if (contrastOk(d, light)) return { dark: d, light };
  }
  for (let t = 0; t <= 1.0001; t += 0.02) {
    const l = lighten(light, Math.min(1, t));
    if (contrastOk('#000000', l)) return { dark: '#000000', light: l };
  }
  return { dark: '#000000', light: '#ffffff' };
}

export function checkColours(design: QrDesign): QrProblem[] {
  const { fgColor, bgColor, allowInverted } = design;
  const inverted = relativeLuminance(fgColor) > relativeLuminance(bgColor);
  const [dark, light] = inverted ? [bgColor, fgColor] : [fgColor, bgColor];
  const ratio = Math.round(contrastRatio(fgColor, bgColor) * 100) / 100;
  const low = !contrastOk(dark, light);
  const fixed = low ? fixContrast(dark, light) : { dark, light };
  if (inverted && !allowInverted) {
    const message = 'Light modules on a dark ground do not scan on many phones; swap the colours.';
    return [
      { field: 'fgColor', issue: 'inverted', message, suggested: fixed.dark, ratio },
      { field: 'bgColor', issue: 'inverted', message, suggested: fixed.light, ratio },
    ];
  }
  if (!low) return [];
  const message = `Contrast ${ratio}:1 is too low; at least ${MIN_CONTRAST_RATIO}:1 and a clearly lighter ground are needed.`;
  const [fgFix, bgFix] = inverted ? [fixed.light, fixed.dark] : [fixed.dark, fixed.light];
  const problems: QrProblem[] = [];
  if (fgFix !== fgColor)
    problems.push({
      field: 'fgColor',
      issue: 'low_contrast',
      message,
      suggested: fgFix,
      ratio,
      minimum: MIN_CONTRAST_RATIO,
    });
  if (bgFix !== bgColor)
    problems.push({
      field: 'bgColor',
      issue: 'low_contrast',
      message,
      suggested: bgFix,
      ratio,
      minimum: MIN_CONTRAST_RATIO,
    });
  return problems;
}

export function checkQuietZone(design: QrDesign): QrProblem[] {
  if (design.margin >= MIN_QUIET_ZONE_MODULES) return [];
  return [
    {
      field: 'margin',
      issue: 'quiet_zone_too_small',
      message: `The quiet zone must be at least ${MIN_QUIET_ZONE_MODULES} modules.`,
      suggested: MIN_QUIET_ZONE_MODULES,
    },
  ];
}

/** Share of the symbol's area the logo hides (the knocked-out block, or the logo itself). */
export function logoArea(matrixSize: number, sizeRatio: number, knockout: boolean): number {
  if (!knockout) return sizeRatio * sizeRatio;
  const k = knockoutSide(matrixSize, sizeRatio);
  return (k * k) / (matrixSize * matrixSize);
}

/** `sizeFor(ec)` is the module count of the symbol at that level (the version can change). */
export function checkLogo(
  design: QrDesign,
  ecLevel: QrEcLevel,
  sizeFor: (ec: QrEcLevel) => number,
): QrProblem[] {
  if (design.logo === null) return [];
  const problems: QrProblem[] = [];
  let ec = ecLevel;
  if (ec === 'M') {
    problems.push({
      field: 'errorCorrection',
      issue: 'logo_needs_higher_ec',
      message: 'A logo needs error correction H.',
      suggested: 'H',
    });
    ec = 'H';
  }
  const size = sizeFor(ec);
  const { sizeRatio, knockout } = design.logo;
  const area = logoArea(size, sizeRatio, knockout);
  if (area > MAX_LOGO_AREA) {
    let best = 0.05;
    for (let r = 0.05; r <= sizeRatio; r += 0.01) {
      const rounded = Math.round(r * 100) / 100;
      if (logoArea(size, rounded, knockout) <= MAX_LOGO_AREA) best = rounded;
    }
    problems.push({
      field: 'logo.sizeRatio',
      issue: 'logo_too_large',
      message: `The logo covers ${Math.round(area * 100)} % of the code; at most ${MAX_LOGO_AREA * 100} % can be hidden.`,
      suggested: best,
      area: Math.round(area * 1000) / 1000,
    });
  }
  return problems;
}

/** `artworkModules`: modules across the whole artwork (symbol, quiet zone, frame). */
export function minimumSizeMm(artworkModules: number): number {
  return Math.ceil(MIN_MODULE_MM * artworkModules * 10 - 1e-9) / 10;
}

export function checkPrintSize(sizeMm: number | undefined, artworkModules: number): QrProblem[] {
  if (sizeMm === undefined) return [];
  const moduleMm = sizeMm / artworkModules;
  if (moduleMm >= MIN_MODULE_MM) return [];
  const min = minimumSizeMm(artworkModules);
  return [
    {
      field: 'sizeMm',
      issue: 'modules_too_small',
      message: `At ${sizeMm} mm each module is ${moduleMm.toFixed(2)} mm; print at least ${min} mm wide (modules ≥ ${MIN_MODULE_MM} mm).`,
      suggested: min,
      moduleMm: Math.round(moduleMm * 1000) / 1000,
    },
  ];
}

/** The field a label problem names, as the API body spells it. */
export const LABEL_FIELD = 'design.frame.label';

/**
 * The frame's call-to-action must print whole (D-520): set in the bundled face, fitted to the band
 * on one or two lines with capitals at least MIN_LABEL_CAP_MODULES tall; otherwise refused.
 */
export function checkLabel(scene: QrScene): QrProblem[] {
  const problem = scene.frame?.label.problem ?? null;
  if (scene.frame === null || problem === null) return [];
  const { text } = scene.frame.label;
  if (problem.kind === 'unsupported') {
    const list = problem.characters.map((c) => `“${c}”`).join(', ');
    return [
      {
        field: LABEL_FIELD,
        issue: 'label_unsupported_characters',
        message: `The label font cannot print ${list}; remove ${problem.characters.length === 1 ? 'it' : 'them'}.`,
        suggested:
          [...text]
            .filter((c) => !problem.characters.includes(c))
            .join('')
            .replace(/ {2,}/g, ' ')
            .trim() || null,
        characters: problem.characters.join(''),
      },
    ];
  }
  return [
    {
      field: LABEL_FIELD,
      issue: 'label_too_long',
      message: `“${text}” does not fit the frame on two lines at a readable size; shorten it to “${problem.longestFit}” or less.`,
      suggested: problem.longestFit === '' ? null : problem.longestFit,
      minCapModules: MIN_LABEL_CAP_MODULES,
    },
  ];
}

/** Smallest printed capital of a frame label (about 6 pt type): below it the call-to-action is a smudge. */
export const MIN_LABEL_CAP_MM = 0.8;

/**
 * The label's capitals at the printed size (D-520). `artworkModules` as in `checkPrintSize`; a
 * label already refused (too long, unsupported) is judged by that problem alone.
 */
export function checkLabelPrintSize(
  sizeMm: number | undefined,
  artworkModules: number,
  scene: QrScene,
): QrProblem[] {
  const label = scene.frame?.label;
  if (sizeMm === undefined || label === undefined || label.problem !== null) return [];
  const capModules = label.fontSize * capHeightEm(label.font);
  const capMm = (sizeMm / artworkModules) * capModules;
  if (capMm >= MIN_LABEL_CAP_MM - 1e-9) return [];
  const min = Math.ceil(((MIN_LABEL_CAP_MM * artworkModules) / capModules) * 10 - 1e-9) / 10;
  return [
    {
      field: 'sizeMm',
      issue: 'label_too_small',
      message: `At ${sizeMm} mm the label's capitals are ${capMm.toFixed(2)} mm tall; print at least ${min} mm wide (capitals ≥ ${MIN_LABEL_CAP_MM} mm) or shorten the label.`,
      suggested: min,
      capMm: Math.round(capMm * 100) / 100,
    },
  ];
}
