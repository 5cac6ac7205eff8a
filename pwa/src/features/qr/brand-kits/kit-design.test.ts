import { describe, expect, it } from 'vitest';
import { brandKitSchema, type BrandKit } from '@linkhub/shared/schemas/brand-kits';
import { designToApi } from '@linkhub/shared/schemas/qr-design';
import { qrDesignSchema } from '@linkhub/shared/qr/design';
import { designFromBrandKit } from './kit-design';

const kitWith = (design: unknown): BrandKit =>
  brandKitSchema.parse({
    id: '0190a6b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b',
    workspace_id: '0190a6b2-7c3d-7e4f-8a9b-0c1d2e3f4a5c',
    name: 'Café green',
    design,
    created_at: '2026-12-01T10:00:00.000Z',
    updated_at: '2026-12-01T10:00:00.000Z',
  });

describe('a brand kit in the new-code designer', () => {
  it('fills every design field from the kit: colours, shapes, logo, frame and label style', () => {
    const stored = qrDesignSchema.parse({
      fgColor: '#1b5e20',
      bgColor: '#f1f8e9',
      moduleShape: 'dots',
      finderStyle: 'circle',
      errorCorrection: 'H',
      logo: { source: { kind: 'asset', assetId: 'logo-42' }, sizeRatio: 0.2, knockout: false },
      frame: { label: 'SCAN ME', font: 'serif', color: '#1b5e20', textColor: '#ffffff' },
      margin: 6,
    });
    expect(designFromBrandKit(kitWith(designToApi(stored)))).toEqual(stored);
  });

  it('gives no design for a kit whose saved frame label holds a direction override, which a new design may not carry', () => {
    const design = designToApi(
      qrDesignSchema.parse({ frame: { label: 'SCAN \u202eME', color: '#000000', textColor: '#ffffff' } }),
    );
    expect(designFromBrandKit(kitWith(design))).toBeNull();
  });
});
