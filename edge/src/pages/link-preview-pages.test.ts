import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { renderDeepLinkPage, renderLinkCardPage } from './link-preview-pages';

const card = (title: string | null, description: string | null) =>
  renderLinkCardPage({
    preview: { title, description, image_url: null },
    shortUrl: 'https://lnk.example/spring',
    imageUrl: null,
    destination: 'https://example.com/a?x=1&y=2',
    nonce: 'n0nce',
  });

describe('card page', () => {
  it('escapes every value in tags and text', () => {
    const html = card('"><script>alert(1)</script>', "It's <b>bold</b> & new");
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('content="It&#39;s &lt;b&gt;bold&lt;/b&gt; &amp; new"');
    expect(html).toContain('href="https://example.com/a?x=1&amp;y=2"');
  });

  it('uses the destination host as the title when none is set, and a small card without an image', () => {
    const html = card(null, null);
    expect(html).toContain('<meta property="og:title" content="example.com">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('og:description');
    expect(html).not.toContain('og:image');
  });

  it('never lets text out of its attribute or element (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (title, description) => {
        const html = card(title === '' ? null : title, description === '' ? null : description);
        expect(html.match(/<meta /g)?.length).toBeGreaterThanOrEqual(6);
        expect(html).not.toMatch(
          /<(?!\/?(meta|html|head|body|main|title|style|link|h1|p|a|img)\b|!doctype)/i,
        );
      }),
    );
  });
});

describe('deep-link page', () => {
  it('has the two plain links and a nonce script that reads them, not URLs in script text', () => {
    const html = renderDeepLinkPage({
      appUrl: 'instagram://user?username=a&b=<c>',
      webUrl: 'https://www.instagram.com/a/',
      webHost: 'www.instagram.com',
      nonce: 'abc',
    });
    expect(html).toContain(
      'id="open-app" href="instagram://user?username=a&amp;b=&lt;c&gt;">Open in the app</a>',
    );
    expect(html).toContain('id="open-web" href="https://www.instagram.com/a/">Continue on the web</a>');
    const script = /<script nonce="abc">(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain('open-app');
    expect(script).not.toContain('instagram');
  });
});
