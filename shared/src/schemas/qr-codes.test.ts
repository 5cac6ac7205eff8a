import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { qrBatchExportInputSchema } from './qr-exports';
import { createQrCodeInputSchema, renderQrQuerySchema, updateQrCodeInputSchema } from './qr-codes';
import { problems } from './test-helpers';

describe('QR code inputs', () => {
  it('creates with a destination; design defaults come from the QR engine', () => {
    const qr = createQrCodeInputSchema.parse({
      destination_url: 'https://menu.example.com',
      slug: 'Menu',
      design: { fg_color: '#112233' },
    });
    expect(qr.slug).toBe('menu');
    expect(qr.design).toMatchObject({ fgColor: '#112233', bgColor: '#ffffff', moduleShape: 'square' });
    expect(problems(createQrCodeInputSchema, { slug: 'menu' })).toEqual([['destination_url', 'required']]);
  });

  it('17.5: design is snake_case at the REST boundary and strict at every depth', () => {
    expect(
      problems(createQrCodeInputSchema, {
        destination_url: 'https://a.example.com',
        design: { foreground: '#fff' },
      }),
    ).toContainEqual(['design.foreground', 'unrecognized_key']);
    expect(
      problems(createQrCodeInputSchema, {
        destination_url: 'https://a.example.com',
        design: { fgColor: '#112233' },
      }),
    ).toContainEqual(['design.fgColor', 'unrecognized_key']);
    expect(
      problems(createQrCodeInputSchema, {
        destination_url: 'https://a.example.com',
        design: { frame: { label: 'SCAN', shadow: true } },
      }),
    ).toContainEqual(['design.frame.shadow', 'unrecognized_key']);
    const framed = createQrCodeInputSchema.parse({
      destination_url: 'https://a.example.com',
      design: {
        frame: { label: 'SCAN ME', text_color: '#FFFFFF' },
        logo: { source: { kind: 'asset', asset_id: 'a1' }, size_ratio: 0.2 },
      },
    });
    expect(framed.design?.frame).toMatchObject({ label: 'SCAN ME', textColor: '#ffffff' });
    expect(framed.design?.logo).toMatchObject({ source: { kind: 'asset', assetId: 'a1' }, sizeRatio: 0.2 });
  });

  it('never changes the slug on update', () => {
    expect(problems(updateQrCodeInputSchema, { slug: 'new' })).toContainEqual(['slug', 'unrecognized_key']);
    expect(updateQrCodeInputSchema.parse({ destination_url: 'https://menu.example.com/summer' })).toEqual({
      destination_url: 'https://menu.example.com/summer',
    });
  });

  it('render query: format, size and DPI from the query string', () => {
    expect(renderQrQuerySchema.parse({})).toEqual({ format: 'svg', size_mm: 30, bleed_mm: 0 });
    expect(renderQrQuerySchema.parse({ format: 'png', size_mm: '25', dpi: '600' })).toEqual({
      format: 'png',
      size_mm: 25,
      dpi: 600,
      bleed_mm: 0,
    });
    expect(problems(renderQrQuerySchema, { format: 'png', dpi: '72' })).toEqual([['dpi', 'invalid_value']]);
    expect(problems(renderQrQuerySchema, { format: 'svg', dpi: '300' })).toEqual([['dpi', 'not_applicable']]);
    expect(problems(renderQrQuerySchema, { format: 'gif' })).toEqual([['format', 'invalid_value']]);
    expect(problems(renderQrQuerySchema, { size_mm: '5' })).toEqual([['size_mm', 'too_small']]);
  });
});

describe('print size', () => {
  it('one code and a batch take exactly the same printed sizes', () => {
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: -10, max: 1100, noNaN: true }),
          fc.constantFrom(5, 9.99, 10, 1000, 1000.01),
        ),
        (size) => {
          const single = renderQrQuerySchema.safeParse({ size_mm: size }).success;
          const batch = qrBatchExportInputSchema.safeParse({ qr_code_ids: [id], size_mm: size }).success;
          expect(batch).toBe(single);
        },
      ),
    );
    expect(qrBatchExportInputSchema.safeParse({ qr_code_ids: [id], size_mm: 5 }).success).toBe(false);
  });
});
