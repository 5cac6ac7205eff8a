import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { SemanticError } from '../../errors/app-error';
import { contrastRatio } from '../../qr/color';
import { defaultQrDesign, qrDesignSchema, type QrDesign, type QrDesignInput } from '../../qr/design';
import { applyQrFixes } from '../../qr/fixes';
import { qrRuleProblems } from '../../qr/rules';
import { assertScannable, validateQrDesign } from './validate';

const URL = 'https://go.acme.com/spring';
const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const LOGO = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#e4002b"/></svg>',
);

const design = (input: QrDesignInput): QrDesign => qrDesignSchema.parse(input);

describe('validateQrDesign', () => {
  it('passes the default design and reports version and minimum print size', async () => {
    const result = await validateQrDesign(URL, defaultQrDesign, { sizeMm: 20 });
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.text).toBe('https://GO.ACME.COM/SPRING');
    expect(result.version).toBe(2);
    expect(result.minSizeMm).toBe(9.9); // (25 + 8) modules × 0.3 mm
  });

  it('passes every module shape and finder style in the catalogue, with a frame and a logo', async () => {
    for (const moduleShape of ['square', 'rounded', 'dots'] as const) {
      for (const finderStyle of ['square', 'rounded', 'circle'] as const) {
        const d = design({
          moduleShape,
          finderStyle,
          frame: { label: 'SCAN ME' },
          logo: { source: { kind: 'data_url', dataUrl: LOGO } },
        });
        expect((await validateQrDesign(URL, d)).problems, `${moduleShape}/${finderStyle}`).toEqual([]);
      }
    }
  });

  it('refuses low contrast with a darker foreground of the same hue as the fix', async () => {
    const d = design({ fgColor: '#ff9900', bgColor: '#ffffff' });
    const result = await validateQrDesign(URL, d);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      expect.objectContaining({
        field: 'fgColor',
        issue: 'low_contrast',
        suggested: expect.stringMatching(/^#[0-9a-f]{6}$/),
      }),
    ]);
    const suggested = String(result.problems[0]?.suggested);
    expect(contrastRatio(suggested, '#ffffff')).toBeGreaterThanOrEqual(4);
    expect(suggested).not.toBe('#000000'); // keeps the brand hue, only darker
    expect((await validateQrDesign(URL, applyQrFixes(d, result.problems))).ok).toBe(true);
  });

  it('lightens the ground too when even black is not enough', async () => {
    const d = design({ fgColor: '#333333', bgColor: '#555555' });
    const result = await validateQrDesign(URL, d);
    expect(result.problems.map((p) => [p.field, p.issue])).toEqual([
      ['fgColor', 'low_contrast'],
      ['bgColor', 'low_contrast'],
    ]);
    expect((await validateQrDesign(URL, applyQrFixes(d, result.problems))).ok).toBe(true);
  });

  it('refuses an inverted design with swapped colours as the fix, unless inverted is allowed', async () => {
    const d = design({ fgColor: '#ffffff', bgColor: '#1a1a6e' });
    const result = await validateQrDesign(URL, d);
    expect(result.problems).toEqual([
      expect.objectContaining({ field: 'fgColor', issue: 'inverted', suggested: '#1a1a6e' }),
      expect.objectContaining({ field: 'bgColor', issue: 'inverted', suggested: '#ffffff' }),
    ]);
    expect((await validateQrDesign(URL, applyQrFixes(d, result.problems))).ok).toBe(true);
    expect((await validateQrDesign(URL, { ...d, allowInverted: true })).problems).toEqual([]);
  });

  it('refuses a quiet zone under 4 modules', async () => {
    const result = await validateQrDesign(URL, design({ margin: 2 }));
    expect(result.problems).toEqual([
      expect.objectContaining({ field: 'margin', issue: 'quiet_zone_too_small', suggested: 4 }),
    ]);
  });

  it('refuses an oversized logo with the largest size that fits', async () => {
    const d = design({ logo: { source: { kind: 'data_url', dataUrl: LOGO }, sizeRatio: 0.4 } });
    const result = await validateQrDesign(URL, d);
    const problem = result.problems.find((p) => p.issue === 'logo_too_large');
    expect(problem).toEqual(
      expect.objectContaining({ field: 'logo.sizeRatio', suggested: expect.any(Number) }),
    );
    expect(Number(problem?.suggested)).toBeLessThan(0.4);
    expect((await validateQrDesign(URL, applyQrFixes(d, result.problems))).ok).toBe(true);
  });

  it('refuses a logo at error correction M', async () => {
    const d = design({ errorCorrection: 'M', logo: { source: { kind: 'data_url', dataUrl: LOGO } } });
    const result = await validateQrDesign(URL, d);
    expect(result.problems).toContainEqual(
      expect.objectContaining({ field: 'errorCorrection', issue: 'logo_needs_higher_ec', suggested: 'H' }),
    );
  });

  it('refuses a print size whose modules fall under 0.3 mm and suggests the smallest that passes', async () => {
    const result = await validateQrDesign(URL, defaultQrDesign, { sizeMm: 8 });
    expect(result.problems).toEqual([
      expect.objectContaining({ field: 'sizeMm', issue: 'modules_too_small', suggested: 9.9 }),
    ]);
    expect((await validateQrDesign(URL, defaultQrDesign, { sizeMm: 9.9 })).ok).toBe(true);
  });

  it('refuses a design that does not scan back to its URL alone, with a fix that does', async () => {
    // The logo is itself a QR code for another address: readers see two codes and may open the wrong one.
    const other = svgDataUrl(await QRCode.toString('https://EVIL.EXAMPLE/X', { type: 'svg', margin: 1 }));
    const d = design({
      logo: { source: { kind: 'data_url', dataUrl: other }, sizeRatio: 0.31, knockout: false },
    });
    const result = await validateQrDesign(URL, d);
    expect(result.problems).toEqual([
      expect.objectContaining({ field: 'logo.sizeRatio', issue: 'does_not_decode', suggested: 0.15 }),
    ]);
    expect((await validateQrDesign(URL, applyQrFixes(d, result.problems))).ok).toBe(true);
  });

  it('assertScannable throws 422 qr_unscannable with every problem as details', async () => {
    const err = await assertScannable(
      URL,
      design({ fgColor: '#ffffff', bgColor: '#000000', margin: 1 }),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SemanticError);
    if (!(err instanceof SemanticError)) return;
    expect(err.code).toBe('qr_unscannable');
    expect(err.status).toBe(422);
    expect(err.details.map((d) => d.issue)).toEqual(['inverted', 'inverted', 'quiet_zone_too_small']);
  });
});

describe('qrRuleProblems (browser-safe, no decode)', () => {
  it('reports the same rule problems as the full validation, without rendering', async () => {
    const d = design({ fgColor: '#ff9900', margin: 2 });
    const rules = qrRuleProblems(URL, d, 8);
    expect(rules.problems.map((p) => p.issue)).toEqual([
      'low_contrast',
      'quiet_zone_too_small',
      'modules_too_small',
    ]);
    expect((await validateQrDesign(URL, d, { sizeMm: 8 })).problems.map((p) => p.issue)).toEqual(
      rules.problems.map((p) => p.issue),
    );
    // The size fix already counts the wider quiet zone of the margin fix.
    const size = Number(rules.problems.find((p) => p.field === 'sizeMm')?.suggested);
    expect((await validateQrDesign(URL, applyQrFixes(d, rules.problems), { sizeMm: size })).ok).toBe(true);
  });
});
