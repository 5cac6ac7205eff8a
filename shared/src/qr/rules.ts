import {
  checkColours,
  checkLabel,
  checkLabelPrintSize,
  checkLogo,
  checkPrintSize,
  checkQuietZone,
  minimumSizeMm,
  type QrProblem,
} from './checks';
import { MIN_QUIET_ZONE_MODULES, type QrDesign } from './design';
import { encodeQr, symbolText } from './encode';
import { ecLevelFor } from './prepare';
import { buildScene, type QrScene } from './scene';

export type QrRuleResult = {
  readonly text: string;
  readonly scene: QrScene;
  readonly problems: QrProblem[];
  readonly minSizeMm: number;
};

/**
 * Every rule-based problem (colours, quiet zone, frame label, logo, printed module size) without the decode
 * check: pure and browser-safe, for the editor's live feedback. `validateQrDesign` adds the decode.
 */
export function qrRuleProblems(url: string, design: QrDesign, sizeMm?: number): QrRuleResult {
  const text = symbolText(url);
  const scene = buildScene(encodeQr(text, ecLevelFor(design)), design);
  const fixedWidth = scene.width + 2 * Math.max(0, MIN_QUIET_ZONE_MODULES - design.margin);
  // One size suggestion: the larger of what the modules and the label's capitals need.
  const moduleSize = checkPrintSize(sizeMm, fixedWidth);
  const labelSize = checkLabelPrintSize(sizeMm, fixedWidth, scene);
  const sizeProblems =
    labelSize.length > 0 && Number(labelSize[0]?.suggested) > Number(moduleSize[0]?.suggested ?? 0)
      ? labelSize
      : moduleSize;
  const problems = [
    ...checkColours(design),
    ...checkQuietZone(design),
    ...checkLabel(scene),
    ...checkLogo(design, ecLevelFor(design), (ec) => encodeQr(text, ec).size),
    // Judged at the quiet zone the fix above would give, so every suggestion holds together.
    ...sizeProblems,
  ];
  return { text, scene, problems, minSizeMm: minimumSizeMm(fixedWidth) };
}
