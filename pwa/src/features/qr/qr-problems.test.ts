import { describe, expect, it } from 'vitest';
import { qrDesignSchema } from '@linkhub/shared/qr/design';
import { qrDesignArgSchema } from '@linkhub/shared/schemas/qr-design';
import { frameProblems } from './frame-problems';
import { designProblems } from './qr-problems';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const url = 'https://lnk.localhost/MENU1';

describe('the QR designer badge', () => {
  it('passes the default design and a modest logo', () => {
    expect(designProblems(url, qrDesignSchema.parse({}))).toEqual([]);
    expect(
      designProblems(
        url,
        qrDesignSchema.parse({ logo: { source: { kind: 'data_url', dataUrl: PNG }, sizeRatio: 0.2 } }),
      ),
    ).toEqual([]);
  });

  it('flags a logo that hides too much, and its one-click fix clears the problem', () => {
    const design = qrDesignSchema.parse({
      logo: { source: { kind: 'data_url', dataUrl: PNG }, sizeRatio: 0.45 },
    });
    const [problem, ...rest] = designProblems(url, design);
    expect(rest).toEqual([]);
    expect(problem?.key).toBe('logo_too_large');
    expect(problem?.fixLabel).toMatch(/^Shrink the logo to \d+ %$/);
    expect(problem?.fixed.logo?.sizeRatio).toBeLessThan(0.45);
    expect(designProblems(url, problem?.fixed ?? design)).toEqual([]);
  });

  it('groups the two colour fixes of an inverted design into one button', () => {
    const design = qrDesignSchema.parse({ fgColor: '#ffffff', bgColor: '#000000' });
    const problems = designProblems(url, design);
    expect(problems.map((p) => p.key)).toEqual(['inverted']);
    expect(designProblems(url, problems[0]?.fixed ?? design)).toEqual([]);
  });

  it('refuses an empty or unreadable call to action, with fixes', () => {
    const empty = qrDesignSchema.parse({});
    const framed = {
      ...empty,
      frame: { label: ' ', font: 'sans' as const, color: '#000000', textColor: '#111111' },
    };
    const problems = frameProblems(framed);
    expect(problems.map((p) => p.key)).toEqual(['frame_label_empty', 'frame_label_contrast']);
    expect(problems[0]?.fixed.frame).toBeNull();
    expect(problems[1]?.fixed.frame?.textColor).toBe('#ffffff');
  });

  it('refuses a call to action with a direction override (the save would be refused), fixed by removing it', () => {
    const empty = qrDesignSchema.parse({});
    const framed = {
      ...empty,
      frame: { label: 'SCAN \u202EEM', font: 'sans' as const, color: '#000000', textColor: '#ffffff' },
    };
    const problems = frameProblems(framed);
    expect(problems.map((p) => p.key)).toEqual(['frame_label_direction']);
    const fixed = problems[0]?.fixed ?? framed;
    expect(fixed.frame?.label).toBe('SCAN EM');
    expect(frameProblems(fixed)).toEqual([]);
    expect(qrDesignArgSchema.safeParse(fixed).success).toBe(true);
    expect(qrDesignArgSchema.safeParse(framed).success).toBe(false);
  });
});
