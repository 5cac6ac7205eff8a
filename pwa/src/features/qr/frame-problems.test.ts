import { describe, expect, it } from 'vitest';
import { qrDesignSchema, type QrDesign } from '@linkhub/shared/qr/design';
import { contrastRatio } from '@linkhub/shared/blocks/contrast';
import { frameProblems } from './frame-problems';

/** The frame's own problems in the QR designer, each with the fix a click applies. */
const design = (frame: Partial<NonNullable<QrDesign['frame']>> | null): QrDesign =>
  qrDesignSchema.parse({ frame: frame === null ? null : { label: 'Scan me', ...frame } });

describe('frameProblems', () => {
  it('no frame, or a readable one: nothing to fix', () => {
    expect(frameProblems(design(null))).toEqual([]);
    expect(frameProblems(design({ color: '#000000', textColor: '#ffffff' }))).toEqual([]);
  });

  it('a label that reverses the text after it: the fix removes the invisible character', () => {
    const [problem] = frameProblems(design({ label: 'Scan\u202Eme' }));
    expect(problem?.key).toBe('frame_label_direction');
    expect(problem?.fixed.frame?.label).toBe('Scanme');
  });

  it('a label that does not stand out: the fix picks black or white, whichever reads better', () => {
    const onYellow = frameProblems(design({ color: '#ffeb3b', textColor: '#ffffff' }));
    expect(onYellow.map((p) => p.key)).toEqual(['frame_label_contrast']);
    expect(onYellow[0]?.message).toMatch(/stands out \d\.\d:1 from the frame \(needs 3:1\)/);
    expect(onYellow[0]?.fixed.frame?.textColor).toBe('#000000');
    const onNavy = frameProblems(design({ color: '#1a237e', textColor: '#000033' }));
    expect(onNavy[0]?.fixed.frame?.textColor).toBe('#ffffff');
    for (const p of [...onYellow, ...onNavy]) {
      const frame = p.fixed.frame;
      if (frame === null) throw new Error('the fix removed the frame');
      expect(contrastRatio(frame.textColor, frame.color)).toBeGreaterThanOrEqual(3);
      expect(frameProblems(p.fixed)).toEqual([]);
    }
  });

  it('an empty call to action (a draft the designer holds): the fix turns the frame off', () => {
    const framed = design({});
    if (framed.frame === null) throw new Error('no frame');
    const blank: QrDesign = { ...framed, frame: { ...framed.frame, label: '   ' } };
    const [problem] = frameProblems(blank);
    expect(problem).toMatchObject({ key: 'frame_label_empty', fixLabel: 'Turn the frame off' });
    expect(problem?.fixed.frame).toBeNull();
  });
});
