import { describe, expect, it } from 'vitest';
import { qrLogoSchema } from '@linkhub/shared/qr/design';
import { logoDataUrl, logoFileProblem, MAX_LOGO_BYTES } from './logo-file';

describe('logo files for the QR designer', () => {
  it('takes a small PNG, JPEG or SVG and refuses other types and files over the cap, naming the sizes', () => {
    expect(logoFileProblem({ size: 2_000, type: 'image/png' })).toBeNull();
    expect(logoFileProblem({ size: MAX_LOGO_BYTES, type: 'image/svg+xml' })).toBeNull();
    expect(logoFileProblem({ size: 2_000, type: 'image/gif' })).toMatch(/PNG, JPEG or SVG/);
    expect(logoFileProblem({ size: 200 * 1024, type: 'image/jpeg' })).toBe(
      'This logo is 200 KB; logos can be at most 64 KB. Export a smaller PNG or an SVG.',
    );
  });

  it('turns the file into a data URL the design schema accepts', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
    const url = await logoDataUrl(new Blob([svg], { type: 'image/svg+xml' }));
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(atob(url.split(',')[1] ?? '')).toBe(svg);
    expect(qrLogoSchema.safeParse({ source: { kind: 'data_url', dataUrl: url } }).success).toBe(true);
  });
});
