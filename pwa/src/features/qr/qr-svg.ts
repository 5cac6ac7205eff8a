import { contrastRatio } from '@linkhub/shared/blocks/contrast';
import { qrDesignSchema, type QrDesign } from '@linkhub/shared/qr/design';
import { prepareQr } from '@linkhub/shared/qr/prepare';
import { sceneToSvg } from '@linkhub/shared/qr/render/svg';

/** The stored design with defaults applied (an unreadable stored value falls back to the defaults). */
export function designOf(stored: Record<string, unknown>): QrDesign {
  const parsed = qrDesignSchema.safeParse(stored);
  return parsed.success ? parsed.data : qrDesignSchema.parse({});
}

/** The exact SVG the print renderer draws (same scene), for the preview and the SVG export. */
export function qrSvg(shortUrl: string, design: QrDesign, sizeMm = 40): string {
  const { scene, logo } = prepareQr(shortUrl, design);
  const height = (sizeMm * scene.height) / scene.width;
  return sceneToSvg(scene, logo, { width: `${sizeMm}mm`, height: `${height}mm` });
}

/** Problems a scanner would have, each with its fix (a pure subset of the server's validation). */
export function designProblems(design: QrDesign): Array<{ problem: string; fix: Partial<QrDesign>; fixLabel: string }> {
  const out: Array<{ problem: string; fix: Partial<QrDesign>; fixLabel: string }> = [];
  const ratio = contrastRatio(design.fgColor, design.bgColor);
  if (ratio < 4) out.push({ problem: `Contrast ${ratio.toFixed(1)}:1 is too low for reliable scanning (needs 4:1).`, fix: { fgColor: '#000000', bgColor: '#ffffff' }, fixLabel: 'Use black on white' });
  if (design.margin < 4) out.push({ problem: `The quiet zone is ${design.margin} modules (needs 4).`, fix: { margin: 4 }, fixLabel: 'Set quiet zone to 4' });
  return out;
}
