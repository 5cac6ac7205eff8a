import type { QrDesign } from '@linkhub/shared/qr/design';
import { frameProblems } from './frame-problems';
import { designProblems, type DesignProblem } from './qr-problems';

/** Every problem the designer shows: the QR engine's rules and the frame's own. */
export function allDesignProblems(url: string, design: QrDesign): DesignProblem[] {
  return [...designProblems(url, design), ...frameProblems(design)];
}

/** Why the design cannot be saved yet (the server refuses a design with problems), or null. */
export function qrSaveBlocker(url: string, design: QrDesign): string | null {
  const n = allDesignProblems(url, design).length;
  return n === 0
    ? null
    : `Fix the ${n === 1 ? 'problem' : `${n} problems`} in the design first: the server refuses a code that may not scan.`;
}
