import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from './catalog';
import { criticalCss } from './document';
import { hopHref, renderBioPage } from './render-page';
import { samplePageSnapshot } from './sample-page';
import { pageSnapshotSchema, type PageSnapshotInput } from './snapshot';

const NONCE = 'bm9uY2Utb2YtdGhlLXRlc3Q';

function page(blocks: PageSnapshotInput['blocks'], extra: Partial<PageSnapshotInput> = {}) {
  return pageSnapshotSchema.parse({
    id: 'p1',
    workspace_id: 'w1',
    handle: 'maya',
    title: 'Maya',
    blocks,
    ...extra,
  });
}

function render(snapshot: ReturnType<typeof page>): string {
  return renderBioPage(snapshot, { nonce: NONCE, linkHref: hopHref(snapshot.handle) });
}

const EVERY_BLOCK: PageSnapshotInput['blocks'] = [
  { id: 'h1', type: 'header', data: { text: 'Latest' } },
  { id: 't1', type: 'text', data: { text: 'Line one\nLine two' } },
  { id: 'l1', type: 'link', data: { title: 'My shop', url: 'https://shop.example.com/' } },
  {
    id: 's1',
    type: 'social',
    data: {
      links: [
        { network: 'instagram', url: 'https://instagram.com/m' },
        { network: 'mystery-net', url: 'https://m.example' },
      ],
    },
  },
  {
    id: 'i1',
    type: 'image',
    data: { url: 'https://img.example.com/a.webp', alt: 'A print on a wall', width: 800, height: 600 },
  },
  { id: 'i2', type: 'image', data: { url: '/assets/b.webp', alt: '' } },
  { id: 'i3', type: 'image', data: { url: '/assets/c.webp', alt: 'Third' } },
  { id: 'e1', type: 'embed', data: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
  { id: 'e2', type: 'embed', data: { url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' } },
  { id: 'e3', type: 'embed', data: { url: 'https://example.org/some/video' } },
  { id: 'm1', type: 'email_capture', data: { title: 'Get the newsletter', button_label: 'Subscribe' } },
  { id: 'd1', type: 'divider' },
];

describe('renderBioPage: the document', () => {
  it('is a complete HTML document with language, viewport, title and landmarks', () => {
    const html = render(page([], { bio: 'Hello', lang: 'pt-PT' }));
    expect(html.startsWith('<!doctype html><html lang="pt-PT"><head><meta charset="utf-8">')).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toContain('<title>Maya</title>');
    expect(html).toContain('<meta name="description" content="Hello">');
    expect(html).toMatch(/<main class="page">.*<h1>Maya<\/h1><p class="bio">Hello<\/p>.*<\/main><footer>/);
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it('applies search and share overrides', () => {
    const html = render(
      page([], {
        bio: 'Hello',
        seo: {
          title: 'Maya — prints',
          description: 'Signed prints',
          og_image_url: 'https://img.example/og.png',
          noindex: true,
        },
      }),
    );
    expect(html).toContain('<title>Maya — prints</title>');
    expect(html).toContain('<meta name="description" content="Signed prints">');
    expect(html).toContain('<meta property="og:image" content="https://img.example/og.png">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<h1>Maya</h1>');
    expect(render(page([]))).not.toContain('robots');
  });

  it('shows @handle when the title is empty', () => {
    expect(render(page([], { title: '' }))).toContain('<title>@maya</title>');
  });

  it('inlines its one stylesheet with the nonce, and puts the theme in custom properties', () => {
    const html = render(page([], { theme: { background: '#101010', text: '#fafafa', accent: '#22c55e' } }));
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(html).toContain(`<style nonce="${NONCE}">:root{--bg:#101010;--fg:#fafafa;--accent:#22c55e;`);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).not.toMatch(/\sstyle="/); // inline style attributes would be blocked by the CSP
  });

  it('has no script at all unless an embed needs one, and never a blocking one', () => {
    expect(render(samplePageSnapshot())).not.toContain('<script');
    const html = render(page(EVERY_BLOCK));
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toEqual([`<script type="module" nonce="${NONCE}">`]);
    expect(html.indexOf('<script')).toBeGreaterThan(html.indexOf('</main>'));
  });
});

describe('renderBioPage: blocks', () => {
  const html = render(page(EVERY_BLOCK));

  it('renders every block type in the catalog', () => {
    const covered = new Set(EVERY_BLOCK.map((b) => b.type));
    expect([...covered].sort()).toEqual([...BLOCK_TYPES].sort());
  });

  it('renders headers, text and dividers as plain elements', () => {
    expect(html).toContain('<h2>Latest</h2>');
    expect(html).toContain('<p class="text">Line one\nLine two</p>');
    expect(html).toContain('<hr>');
  });

  it('makes every link a plain anchor through the click hop, never the destination itself', () => {
    expect(html).toContain('<a class="btn" href="/maya/l/l1">My shop</a>');
    expect(html).not.toContain('shop.example.com');
    expect(html).not.toContain('instagram.com');
  });

  it('renders social icons as labelled inline-SVG links through the hop, one index per link', () => {
    expect(html).toContain(
      '<ul class="social" aria-label="Social links"><li><a href="/maya/l/s1/0" aria-label="Instagram"><svg viewBox="0 0 24 24"',
    );
    expect(html).toContain('<a href="/maya/l/s1/1" aria-label="mystery-net"><svg');
  });

  it('sizes images and lazy-loads those below the top of the page', () => {
    expect(html).toContain(
      '<img class="image" src="https://img.example.com/a.webp" alt="A print on a wall" width="800" height="600" loading="lazy" decoding="async">',
    );
    expect(html).toContain(
      '<img class="image" src="/assets/b.webp" alt="" width="640" height="360" loading="lazy" decoding="async">',
    );
    const top = render(page([{ id: 'i0', type: 'image', data: { url: '/assets/hero.webp', alt: 'Hero' } }]));
    expect(top).toContain('loading="eager" fetchpriority="high"');
  });

  it('prefixes asset paths with the asset base when given', () => {
    const withBase = renderBioPage(page(EVERY_BLOCK), {
      nonce: NONCE,
      linkHref: hopHref('maya'),
      assetBase: 'https://cdn.example.net/',
    });
    expect(withBase).toContain('src="https://cdn.example.net/assets/b.webp"');
  });

  it('renders embeds as facades that are links to the provider (through the hop) and load nothing third-party', () => {
    expect(html).toContain(
      '<a class="embed video youtube" href="/maya/l/e1" data-frame="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1" data-title="YouTube video">',
    );
    expect(html).toContain('<span>Play on YouTube</span>');
    expect(html).toContain('<a class="embed audio spotify" href="/maya/l/e2"');
    expect(html).toContain('<span>Listen on Spotify</span>');
    expect(html).toContain('<a class="btn" href="/maya/l/e3">Open example.org</a>');
    expect(html).not.toContain('<iframe');
    // Nothing is fetched from a third party: the only absolute src is the image the owner placed.
    const sources = [...html.matchAll(/\ssrc="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.filter((s) => s !== undefined && /^https?:/.test(s))).toEqual([
      'https://img.example.com/a.webp',
    ]);
  });

  it('renders email capture as a plain labelled POST form to the page', () => {
    expect(html).toContain(
      '<form class="capture" method="post" action="/maya/subscribe" aria-labelledby="b-m1-t"><h2 id="b-m1-t">Get the newsletter</h2>',
    );
    expect(html).toContain('<input type="hidden" name="block_id" value="m1">');
    expect(html).toContain(
      '<label for="b-m1-e">Email address</label><input id="b-m1-e" type="email" name="email" required',
    );
    expect(html).toContain(
      '<label class="consent"><input type="checkbox" name="consent" value="yes" required> <span>I agree to receive emails from the owner of this page. I can unsubscribe at any time.</span></label>',
    );
    expect(html).toContain(
      '<div class="hp" aria-hidden="true"><label for="b-m1-w">Leave this empty</label><input id="b-m1-w" name="website" tabindex="-1" autocomplete="off"></div>',
    );
    expect(html).toContain(
      '<button class="btn" type="submit">Subscribe</button><p class="capture-status" role="status" id="b-m1-s"></p></form>',
    );
  });

  it('posts the published revision with the form, shows its own consent text and the status line it is given', () => {
    const withText = renderBioPage(
      {
        ...page([
          {
            id: 'm1',
            type: 'email_capture',
            data: { title: 'News', button_label: 'Join', consent_text: 'Monthly <news>, no spam.' },
          },
        ]),
        revision: 7,
      },
      {
        nonce: 'n',
        linkHref: () => '#',
        subscribeMessage: (id) => (id === 'm1' ? 'Check your inbox to confirm your sign-up.' : null),
      },
    );
    expect(withText).toContain('<input type="hidden" name="rev" value="7">');
    expect(withText).toContain('<span>Monthly &lt;news&gt;, no spam.</span>');
    expect(withText).toContain(
      '<p class="capture-status" role="status" id="b-m1-s">Check your inbox to confirm your sign-up.</p>',
    );
  });

  it('uses the caller’s href builder, so the PWA preview can point links elsewhere', () => {
    const preview = renderBioPage(page(EVERY_BLOCK), {
      nonce: 'n',
      linkHref: (id, i) => `#preview-${id}${i === undefined ? '' : `-${i}`}`,
    });
    expect(preview).toContain('href="#preview-l1"');
    expect(preview).toContain('href="#preview-s1-1"');
  });
});

describe('renderBioPage: hostile text', () => {
  const build = (evil: string, net: string, nonce: string) =>
    renderBioPage(
      page(
        [
          { id: 'h1', type: 'header', data: { text: evil } },
          { id: 't1', type: 'text', data: { text: evil } },
          { id: 'l1', type: 'link', data: { title: evil, url: `https://x.example/?q=${evil}` } },
          { id: 's1', type: 'social', data: { links: [{ network: net, url: 'https://x.example' }] } },
          { id: 'i1', type: 'image', data: { url: `https://x.example/a.png?${evil}`, alt: evil } },
          { id: 'm1', type: 'email_capture', data: { title: evil, button_label: evil } },
        ],
        { title: `</title>${evil}`, bio: evil, avatar: { url: 'https://x.example/a.png', alt: evil } },
      ),
      { nonce, linkHref: () => nonce },
    );
  const evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>\'';
  const html = build(evil, '"><script>x</script>', '"><script>');
  const benign = build('plain', 'plain', 'plain');
  const skeleton = (doc: string) =>
    [...doc.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1]).join(' ');

  it('escapes page fields, every block field, attribute values and the nonce', () => {
    // Same tags in the same order as the page with harmless text: nothing the user typed became markup.
    expect(skeleton(html)).toBe(skeleton(benign));
    // The only script is the page's own sign-up script (the page has a sign-up form).
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(
      '<script type="module" nonce="&quot;&gt;&lt;script&gt;">document.addEventListener(\'submit\'',
    );
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('onerror=alert(2)>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('refuses script URLs and non-https images at the schema', () => {
    expect(
      pageSnapshotSchema.safeParse({
        id: 'p',
        workspace_id: 'w',
        handle: 'm',
        title: 'M',
        blocks: [{ id: 'l', type: 'link', data: { title: 't', url: 'javascript:alert(1)' } }],
      }).success,
    ).toBe(false);
    expect(
      pageSnapshotSchema.safeParse({
        id: 'p',
        workspace_id: 'w',
        handle: 'm',
        title: 'M',
        blocks: [{ id: 'i', type: 'image', data: { url: 'http://x.example/a.png', alt: '' } }],
      }).success,
    ).toBe(false);
    expect(
      pageSnapshotSchema.safeParse({
        id: 'p',
        workspace_id: 'w',
        handle: 'm',
        title: 'M',
        blocks: [{ id: 'a"b', type: 'divider' }],
      }).success,
    ).toBe(false);
  });
});

describe('renderBioPage: size budget (docs/product-rules.md#bio-pages)', () => {
  const snapshot = samplePageSnapshot({ links: 20 });
  const html = renderBioPage(snapshot, { nonce: NONCE, linkHref: hopHref(snapshot.handle) });
  const gzipped = gzipSync(Buffer.from(html, 'utf8'), { level: 6 }).byteLength;
  const css = Buffer.byteLength(criticalCss(snapshot.theme), 'utf8');

  it('a page with 20 links, a header, text and social icons is ≤ 12 KB gzipped (budget 40 KB)', () => {
    expect(snapshot.blocks.filter((b) => b.type === 'link')).toHaveLength(20);
    expect(html.match(/<a class="btn" href="\/maya\/l\/lnk\d{3}">/g)).toHaveLength(20);
    expect(gzipped).toBeLessThanOrEqual(12 * 1024);
    expect(gzipped).toBeLessThanOrEqual(40 * 1024);
  });

  it('its inline CSS is ≤ 14 KB', () => {
    expect(html).toContain(criticalCss(snapshot.theme));
    expect(css).toBeLessThanOrEqual(14 * 1024);
  });

  it('reports its sizes', () => {
    console.info(
      `bio page, 20 links: html ${Buffer.byteLength(html)} B raw, ${gzipped} B gzipped; inline css ${css} B`,
    );
    expect(gzipped).toBeGreaterThan(0);
  });
});

describe('the renderer is isomorphic', () => {
  it('imports no Node built-in outside tests (the PWA preview bundles it)', () => {
    const dir = new URL('.', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      expect(source, file).not.toMatch(/from '(node:|fs|path|crypto|zlib|buffer)/);
    }
  });
});
