import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildLabelFontTables } from '../../server/qr/label/generate';
import { layoutLabel, MIN_LABEL_CAP_MODULES } from './layout';
import { capHeightEm, LABEL_FONT_METRICS } from './metrics';

describe('the label font tables', () => {
  it('match the bundled TTFs (run scripts/generate-label-font.ts after upgrading dejavu-fonts-ttf)', async () => {
    const { metrics, outlines } = await buildLabelFontTables();
    expect(LABEL_FONT_METRICS).toEqual(metrics);
    const committed: unknown = JSON.parse(
      await readFile(new URL('./outlines.json', import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(outlines);
  });
});

describe('label layout', () => {
  const box = { left: 1, right: 34, top: 34, bottom: 41 };

  it('keeps a short label at the band size and shrinks a longer one to the inner width', () => {
    const short = layoutLabel('SCAN ME', 'sans', box);
    expect(short.fontSize).toBeCloseTo(3.5);
    const longer = layoutLabel('SCAN FOR THE MENU', 'sans', box);
    expect(longer.fontSize).toBeLessThan(3.5);
    expect(longer.lines).toHaveLength(1);
    expect(longer.problem).toBeNull();
  });

  it('wraps to two lines before going below the legibility floor, and refuses past it', () => {
    const two = layoutLabel('SCAN THIS CODE TO SEE OUR FULL MENU NOW!', 'serif', box);
    expect(two.lines.map((l) => l.text)).toEqual(['SCAN THIS CODE TO SEE', 'OUR FULL MENU NOW!']);
    expect(two.fontSize * capHeightEm('serif')).toBeGreaterThanOrEqual(MIN_LABEL_CAP_MODULES);
    const second = two.lines[1]?.baseline ?? 0;
    expect(second).toBeLessThan(box.bottom);
    // A band too shallow for two lines: refused, with the words that fit on one.
    const shallow = layoutLabel('SCAN THIS CODE TO SEE OUR FULL MENU NOW!', 'serif', { ...box, top: 37 });
    expect(shallow.problem).toMatchObject({ kind: 'too_long' });
  });
});
