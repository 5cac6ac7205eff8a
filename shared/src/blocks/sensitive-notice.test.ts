import { describe, expect, it } from 'vitest';
import { renderSensitiveNotice } from './render-sensitive-notice';
import { themeSchema } from './snapshot';
import { contrastRatio } from './contrast';
import { EMBED_COLOURS } from './embed-thumbnail';

const theme = themeSchema.parse({});

describe('the sensitive-content notice page (D-606)', () => {
  it('says the kind, the owner’s message and the way on, as a plain link and no script', () => {
    const html = renderSensitiveNotice({
      notice: { kind: 'adult', message: 'Tattoo photos <b>inside</b>.' },
      nonce: 'n0',
      theme,
      lang: 'de',
      continueHref: '/ink?confirm=page',
    });
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<h1>This content is for adults (18+)</h1>');
    expect(html).toContain('Tattoo photos &lt;b&gt;inside&lt;/b&gt;.');
    expect(html).toContain('<a class="btn" href="/ink?confirm=page">Continue</a>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<form');
  });

  it('falls back to the kind’s own words and offers a way back for a block', () => {
    const html = renderSensitiveNotice({
      notice: { kind: 'sensitive', message: '  ' },
      nonce: 'n0',
      theme,
      lang: 'en',
      continueHref: '/ink/l/b1?confirm=block',
      backHref: '/ink',
    });
    expect(html).toContain('may be sensitive for some people');
    expect(html).toContain('<a href="/ink">Go back</a>');
  });
});

describe('embed placeholders (D-609)', () => {
  it('draw white text on each network colour at WCAG AA or better', () => {
    for (const colour of Object.values(EMBED_COLOURS))
      expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
