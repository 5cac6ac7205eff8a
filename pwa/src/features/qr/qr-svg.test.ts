import { describe, expect, it } from 'vitest';
import { qrDesignSchema } from '@linkhub/shared/qr/design';
import { designOf, locallyDrawable, qrSvg } from './qr-svg';

const PIXEL = 'data:image/png;base64,iVBORw0KGgo=';

describe('designOf', () => {
  it('fills the defaults, and an unreadable stored design reads as the default one', () => {
    expect(designOf({ fgColor: '#112233' })).toEqual({ ...qrDesignSchema.parse({}), fgColor: '#112233' });
    expect(designOf({ fgColor: 'red-ish' })).toEqual(qrDesignSchema.parse({}));
  });
});

describe('locallyDrawable', () => {
  it('an uploaded logo lives on the server: left out of the local drawing, and said so', () => {
    const design = designOf({ logo: { source: { kind: 'asset', assetId: 'a1' } } });
    expect(locallyDrawable(design)).toEqual({ design: { ...design, logo: null }, logoLeftOut: true });
  });

  it('a data-URL logo, or none, is drawn as it is', () => {
    const withData = designOf({ logo: { source: { kind: 'data_url', dataUrl: PIXEL } } });
    expect(locallyDrawable(withData)).toEqual({ design: withData, logoLeftOut: false });
    const plain = designOf({});
    expect(locallyDrawable(plain).logoLeftOut).toBe(false);
  });
});

describe('qrSvg', () => {
  it('draws at the asked width; a frame makes the drawing taller than wide', () => {
    const square = qrSvg('https://lnk.example/abc', designOf({}), null, 40);
    expect(square).toMatch(/^<svg[^>]*width="40mm"[^>]*height="40mm"/);
    expect(square).toContain('#000000');
    const framed = qrSvg('https://lnk.example/abc', designOf({ frame: { label: 'Scan me' } }), null, 40);
    const height = Number(/height="([\d.]+)mm"/.exec(framed)?.[1]);
    expect(height).toBeGreaterThan(40);
  });
});
