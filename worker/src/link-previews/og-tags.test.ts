import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readPageCard } from './og-tags';

describe('reading a page card', () => {
  it('takes og tags first, decoded, with a relative https image made absolute', () => {
    const html = `<!doctype html><html><head><title>Fallback</title>
      <meta property="og:title" content="Spring &amp; summer">
      <meta content='40&#37; off &quot;everything&quot;' property='og:description'>
      <meta property="og:image" content="/img/card.jpg">
      <meta name="twitter:title" content="Not this one"></head><body></body></html>`;
    expect(readPageCard(html, 'https://shop.example/sale')).toEqual({
      title: 'Spring & summer',
      description: '40% off "everything"',
      image_url: 'https://shop.example/img/card.jpg',
    });
  });

  it('falls back to twitter tags, the description and <title>; refuses an http image', () => {
    const html = `<title> Acme
      shop </title><meta name="description" content="Coffee."><meta name="twitter:image" content="http://cdn.example/a.jpg">`;
    expect(readPageCard(html, 'https://acme.example/')).toEqual({
      title: 'Acme shop',
      description: 'Coffee.',
      image_url: null,
    });
  });

  it('cuts long text and drops direction overrides and control characters', () => {
    const card = readPageCard(
      `<meta property="og:title" content="${'a'.repeat(200)}"><meta property="og:description" content="x\u202Ey\u0007z">`,
      'https://a.example/',
    );
    expect(card.title).toHaveLength(120);
    expect(card.title?.endsWith('…')).toBe(true);
    expect(card.description).toBe('x y z');
  });

  it('never throws and stays within the card limits (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const card = readPageCard(
          `<meta property="og:title" content="${text}"><title>${text}</title>`,
          'https://a.example/',
        );
        expect((card.title ?? '').length).toBeLessThanOrEqual(120);
      }),
    );
  });
});
