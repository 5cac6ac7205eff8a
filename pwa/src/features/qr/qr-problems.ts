import type { QrProblem } from '@linkhub/shared/qr/checks';
import type { QrDesign } from '@linkhub/shared/qr/design';
import { applyQrFixes } from '@linkhub/shared/qr/fixes';
import { qrRuleProblems } from '@linkhub/shared/qr/rules';

/** A code not yet saved has no short URL; its rules are judged on one of the same length class. */
export const PLACEHOLDER_URL = 'https://lnk.example/ABCDEFG';

export type DesignProblem = { key: string; message: string; fixLabel: string; fixed: QrDesign };

function fixLabel(problem: QrProblem): string {
  switch (problem.issue) {
    case 'inverted':
      return 'Swap to dark on light';
    case 'low_contrast':
      return 'Use the nearest readable colours';
    case 'quiet_zone_too_small':
      return `Set the quiet zone to ${String(problem.suggested)} modules`;
    case 'logo_needs_higher_ec':
      return 'Use error correction H';
    case 'logo_too_large':
      return `Shrink the logo to ${Math.round(Number(problem.suggested) * 100)} %`;
    case 'label_too_long':
      return problem.suggested === null ? 'Shorten the label' : `Shorten to “${String(problem.suggested)}”`;
    case 'label_unsupported_characters':
      return 'Remove the characters the font lacks';
    default:
      return 'Fix';
  }
}

/**
 * What a scanner would struggle with, from the QR engine's own rules (the server adds a real decode
 * on save), one entry per issue, each with the design its one-click fix produces.
 */
export function designProblems(url: string, design: QrDesign): DesignProblem[] {
  const { problems } = qrRuleProblems(url || PLACEHOLDER_URL, design);
  const byIssue = new Map<string, QrProblem[]>();
  for (const p of problems) byIssue.set(p.issue, [...(byIssue.get(p.issue) ?? []), p]);
  return [...byIssue.entries()].map(([issue, group]) => {
    const first = group[0];
    return {
      key: issue,
      message: first?.message ?? issue,
      fixLabel: first ? fixLabel(first) : 'Fix',
      fixed: applyQrFixes(
        design,
        group.map((p) => ({ field: p.field, suggested: p.suggested })),
      ),
    };
  });
}
