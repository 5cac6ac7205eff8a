import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkAndRenderQr } from '../../server/qr/check-and-render';
import { decodeQr, type RgbaImage } from '../../server/qr/decode';
import { qrDesignSchema } from '../design';
import { measureText } from '../label/metrics';
import { prepareQr } from '../prepare';
import { qrRuleProblems } from '../rules';
import { QR_FORMATS, renderQr, type QrFormat, type QrRenderOutput } from '../../server/qr/render/index';
import { overWhite, rasteriseOutput } from '../../server/qr/render/testing';

/**
 * The frame label prints whole in every format (D-520): fitted to the band with the bundled face's
 * metrics, drawn from the same glyphs everywhere, and never dependent on the printer's fonts.
 */
const URL = 'https://go.acme.com/spring';
const TEXT = 'https://GO.ACME.COM/SPRING';
const DPI = 300;
const SHORT = 'SCAN FOR THE MENU';
const LONGEST = 'SCAN THIS CODE TO SEE OUR FULL MENU NOW!';
const run = promisify(execFile);

const designOf = (label: string, font: 'sans' | 'serif' | 'mono' = 'sans') =>
  qrDesignSchema.parse({ frame: { label, font, color: '#1a1a1a', textColor: '#ffffff' } });

/** Bounding box, in modules, of the label's (white) ink inside the band under the symbol. */
function labelInk(
  image: RgbaImage,
  format: QrFormat,
  sceneWidth: number,
  bandTop: number,
  bandBottom: number,
) {
  // PNG keeps whole pixels a module and pads the remainder around the artwork.
  const px = format === 'png' ? Math.floor(image.width / sceneWidth) : image.width / sceneWidth;
  const off = format === 'png' ? Math.floor((image.width - px * sceneWidth) / 2) : 0;
  let left = Infinity;
  let right = -Infinity;
  for (let y = Math.ceil(off + bandTop * px); y < off + bandBottom * px; y++) {
    // Half a module in from the artwork's edges: the frame ring, not the paper around it.
    for (let x = Math.ceil(off + px / 2); x < off + (sceneWidth - 0.5) * px; x++) {
      const i = (y * image.width + x) * 4;
      if ((image.data[i] ?? 0) > 160 && (image.data[i + 1] ?? 0) > 160 && (image.data[i + 2] ?? 0) > 160) {
        left = Math.min(left, x);
        right = Math.max(right, x + 1);
      }
    }
  }
  return { left: (left - off) / px, right: (right - off) / px, modulePx: px };
}

async function withFile<T>(out: QrRenderOutput, fn: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'linkhub-qr-label-'));
  try {
    const path = join(dir, `in.${out.extension}`);
    await writeFile(path, out.bytes);
    return await fn(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.each(QR_FORMATS)('%s frame label', (format) => {
  it.each([SHORT, LONGEST])('prints "%s" whole inside the frame, as wide as the font says', async (label) => {
    expect([SHORT.length, LONGEST.length]).toEqual([17, 40]);
    const design = designOf(label);
    const { scene } = prepareQr(URL, design);
    const frame = scene.frame;
    if (frame === null) throw new Error('no frame');
    const out = await renderQr(format, { url: URL, design, sizeMm: 30 });
    const image = overWhite(await rasteriseOutput(out, DPI));
    const ink = labelInk(image, format, scene.width, frame.label.box.top, frame.label.box.bottom);
    // Inside the band with clear space on both sides (the old label ran off both edges).
    expect(ink.left).toBeGreaterThanOrEqual(frame.label.box.left + 0.5);
    expect(ink.right).toBeLessThanOrEqual(frame.label.box.right - 0.5);
    // As wide as the metrics lay it out: no glyph missing, none substituted by another font.
    const expected = Math.max(
      ...frame.label.lines.map((l) => {
        const m = measureText(l.text, frame.label.font);
        return (m.inkRight - m.inkLeft) * frame.label.fontSize;
      }),
    );
    expect(Math.abs(ink.right - ink.left - expected)).toBeLessThanOrEqual(0.03 * expected + 2 / ink.modulePx);
    // Centred under the symbol.
    expect(Math.abs((ink.left + ink.right) / 2 - scene.width / 2)).toBeLessThanOrEqual(0.5);
    expect(frame.label.lines.map((l) => l.text).join(' ')).toBe(label);
    if (label === LONGEST) expect(frame.label.lines).toHaveLength(2);
    expect(await decodeQr(image, { binarizer: 'LocalAverage', tryInvert: false })).toEqual([TEXT]);
  });
});

describe('print-ready label text', () => {
  it.each(['sans', 'serif', 'mono'] as const)('the PDF embeds the bundled %s face', async (font) => {
    const out = await renderQr('pdf', { url: URL, design: designOf(SHORT, font), sizeMm: 30 });
    const { stdout } = await withFile(out, (path) => run('pdffonts', [path]));
    const rows = stdout
      .split('\n')
      .slice(2)
      .filter((l) => l.trim() !== '');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatch(/DejaVu/);
      // Columns: name type encoding emb sub uni object ID.
      expect(row.split(/\s+/).slice(-5, -4)[0] ?? row).toBe('yes');
    }
    expect(stdout).not.toMatch(/Helvetica|Times|Courier/);
  });

  it('the EPS and SVG draw the label as outlines, with no font lookup', async () => {
    const design = designOf(SHORT, 'serif');
    const eps = new TextDecoder().decode((await renderQr('eps', { url: URL, design, sizeMm: 30 })).bytes);
    const svg = new TextDecoder().decode((await renderQr('svg', { url: URL, design, sizeMm: 30 })).bytes);
    expect(eps).not.toMatch(/findfont|show\b/);
    expect(svg).not.toMatch(/<text|font-family/);
    expect(svg.match(/<path/g)?.length).toBe(3); // frame, label glyphs, modules
  });

  it('refuses a label that cannot fit, naming the field and the longest text that fits', async () => {
    const design = designOf('W'.repeat(40));
    const result = await checkAndRenderQr({ format: 'pdf', input: { url: URL, design, sizeMm: 30 } });
    expect(result.kind).toBe('refused');
    if (result.kind !== 'refused') return;
    const problem = result.problems.find((p) => p.issue === 'label_too_long');
    expect(problem).toMatchObject({ field: 'design.frame.label' });
    const suggested = String(problem?.suggested);
    expect(suggested).toMatch(/^W+$/);
    const fixed = prepareQr(URL, designOf(suggested)).scene.frame?.label;
    expect(fixed?.problem).toBeNull();
    expect(prepareQr(URL, designOf(`${suggested}W`)).scene.frame?.label.problem?.kind).toBe('too_long');
  });

  it('refuses characters the font cannot draw instead of printing empty boxes', async () => {
    const result = await checkAndRenderQr({
      format: 'svg',
      input: { url: URL, design: designOf('SCAN ✓ HERE'), sizeMm: 30 },
    });
    expect(result.kind).toBe('refused');
    if (result.kind !== 'refused') return;
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        field: 'design.frame.label',
        issue: 'label_unsupported_characters',
        characters: '✓',
        suggested: 'SCAN HERE',
      }),
    );
  });

  it('refuses a print size whose label capitals would be under 0.8 mm, suggesting the size that holds them', () => {
    const design = designOf(LONGEST);
    const small = qrRuleProblems(URL, design, 15).problems;
    expect(small).toEqual([expect.objectContaining({ field: 'sizeMm', issue: 'label_too_small' })]);
    const suggested = Number(small[0]?.suggested);
    expect(suggested).toBeGreaterThan(15);
    expect(qrRuleProblems(URL, design, suggested).problems).toEqual([]);
    expect(qrRuleProblems(URL, designOf(SHORT), 15).problems).toEqual([]);
  });
});
