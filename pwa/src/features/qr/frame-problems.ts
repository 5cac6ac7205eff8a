import { contrastRatio } from '@linkhub/shared/blocks/contrast';
import type { QrDesign } from '@linkhub/shared/qr/design';
import { holdsDirectionOverride, withoutDirectionOverrides } from '@linkhub/shared/schemas/common';
import type { DesignProblem } from './qr-problems';

/** WCAG's large-text floor: the label is bold and set large in its band. */
const MIN_LABEL_CONTRAST = 3;

/** The frame's own problems (the QR engine checks only the symbol): an empty or unreadable label. */
export function frameProblems(design: QrDesign): DesignProblem[] {
  const frame = design.frame;
  if (frame === null) return [];
  const out: DesignProblem[] = [];
  if (frame.label.trim() === '')
    out.push({
      key: 'frame_label_empty',
      message: 'The frame has no call to action; it cannot be saved empty.',
      fixLabel: 'Turn the frame off',
      fixed: { ...design, frame: null },
    });
  if (holdsDirectionOverride(frame.label))
    out.push({
      key: 'frame_label_direction',
      message:
        'The call to action holds an invisible character that reverses the text after it (U+202D or U+202E).',
      fixLabel: 'Remove it',
      fixed: { ...design, frame: { ...frame, label: withoutDirectionOverrides(frame.label) } },
    });
  const ratio = contrastRatio(frame.textColor, frame.color);
  if (ratio < MIN_LABEL_CONTRAST) {
    const textColor =
      contrastRatio('#ffffff', frame.color) >= contrastRatio('#000000', frame.color) ? '#ffffff' : '#000000';
    out.push({
      key: 'frame_label_contrast',
      message: `The label stands out ${ratio.toFixed(1)}:1 from the frame (needs ${MIN_LABEL_CONTRAST}:1).`,
      fixLabel: 'Use a readable label colour',
      fixed: { ...design, frame: { ...frame, textColor } },
    });
  }
  return out;
}
