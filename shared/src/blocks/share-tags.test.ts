import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hopHref, renderBioPage } from './render-page';
import { pageSnapshotSchema, type PageSnapshot, type PageSnapshotInput } from './snapshot';
import { PAGE_LANGUAGES } from '../page-language/languages';
import { publicMessage } from '../page-language/public-messages';

const NONCE = 'bm9uY2Utb2YtdGhlLXRlc3Q';
const ORIGIN = 'https://bio.example';
const hash = (c: string) => c.repeat(32);

const avatar = {
  url: `/_img/${hash('a')}.jpg`,
  alt: '',
  image: {
    width: 384,
    height: 384,
    variants: [96, 192, 384].flatMap((w, i) => [
      { format: 'jpeg' as const, width: w, height: w, path: `/_img/${hash(String(i))}.jpg`, byte_size: 900 },
      {
        format: 'webp' as const,
        width: w,
        height: w,
        path: `/_img/${hash(String(i + 3))}.webp`,
        byte_size: 700,
      },
    ]),
  },
};

function page(extra: Partial<PageSnapshotInput> = {}): PageSnapshot {
  return pageSnapshotSchema.parse({
    id: 'p1',
    workspace_id: 'w1',
    handle: 'maya',
    title: 'Maya',
    bio: 'Prints & "posters"',
    blocks: [],
    ...extra,
  });
}

const render = (snapshot: PageSnapshot, origin: string | null = ORIGIN) =>
  renderBioPage(snapshot, {
    nonce: NONCE,
    linkHref: hopHref(snapshot.handle),
    canonicalPath: '/maya',
    ...(origin === null ? {} : { origin }),
  });

const card = { path: `/_img/${hash('c')}.png`, width: 1200, height: 630, source: 'generated' } as const;

describe('renderBioPage: share tags', () => {
  it('writes title, description, Open Graph, Twitter card, canonical and icon with absolute URLs', () => {
    const html = render(page({ avatar, share_image: card }));
    expect(html).toContain('<title>Maya</title>');
    expect(html).toContain('<meta name="description" content="Prints &amp; &quot;posters&quot;">');
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta property="og:title" content="Maya">');
    expect(html).toContain('<meta property="og:url" content="https://bio.example/maya">');
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}${card.path}">`);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="twitter:title" content="Maya">');
    expect(html).toContain('<meta name="twitter:description" content="Prints &amp; &quot;posters&quot;">');
    expect(html).toContain(`<meta name="twitter:image" content="${ORIGIN}${card.path}">`);
    expect(html).toContain('<link rel="canonical" href="https://bio.example/maya">');
    expect(html).toContain(`<link rel="icon" href="${ORIGIN}/_img/${hash('0')}.jpg" type="image/jpeg">`);
  });

  it('every URL in the share tags is absolute', () => {
    const html = render(page({ avatar, share_image: card }));
    const urls = [
      ...html.matchAll(
        /<(?:meta property="og:(?:url|image)"|meta name="twitter:image"|link rel="(?:canonical|icon)")[^>]*?(?:content|href)="([^"]+)"/g,
      ),
    ];
    expect(urls.length).toBe(5);
    for (const [, url] of urls) expect(url).toMatch(/^https:\/\/bio\.example\//);
  });

  it('takes the share title and description over the page title and bio, escaped', () => {
    const html = render(
      page({ seo: { title: 'Maya <prints>', description: 'Signed & numbered', noindex: false } }),
    );
    expect(html).toContain('<title>Maya &lt;prints&gt;</title>');
    expect(html).toContain('<meta property="og:title" content="Maya &lt;prints&gt;">');
    expect(html).toContain('<meta name="twitter:description" content="Signed &amp; numbered">');
    expect(html).not.toContain('<script>');
  });

  it('without a card: a small summary card and the data: icon', () => {
    const html = render(page());
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('og:image');
    expect(html).toContain('<link rel="icon" href="data:,">');
  });

  it('without an origin (the editor preview) nothing claims an absolute address it does not know', () => {
    const html = render(page({ avatar, share_image: card }), null);
    expect(html).not.toContain('og:url');
    expect(html).toContain('<link rel="canonical" href="/maya">');
    expect(html).not.toContain('og:image"');
    expect(html).not.toContain('https://bio.example');
  });
});

describe('renderBioPage: page language', () => {
  const blocks: PageSnapshotInput['blocks'] = [
    { id: 'e1', type: 'embed', data: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
    { id: 'm1', type: 'email_capture', data: { title: 'News', button_label: 'Go' } },
    { id: 's1', type: 'social', data: { links: [{ network: 'instagram', url: 'https://instagram.com/m' }] } },
  ];

  it.each(PAGE_LANGUAGES)('%s: sets <html lang> and the blocks speak it', (lang) => {
    const html = render(page({ lang, blocks }));
    expect(html.startsWith(`<!doctype html><html lang="${lang}">`)).toBe(true);
    expect(html).toContain(`>${publicMessage(lang, 'capture_email_label')}</label>`);
    expect(html).toContain(`<span>${publicMessage(lang, 'embed_play', { provider: 'YouTube' })}</span>`);
    expect(html).toContain(`aria-label="${publicMessage(lang, 'social_label')}"`);
    expect(html).toContain(`<footer><p>${publicMessage(lang, 'footer')}</p></footer>`);
  });

  it('the in-place sign-up script carries the network error in the page language', () => {
    const html = render(page({ lang: 'ja', blocks }));
    expect(html).toContain('送信されませんでした');
    expect(html).not.toContain('Nothing was sent');
  });
});

describe('renderBioPage: size budget with every block and theme feature', () => {
  it('HTML+CSS of a page using every block and theme feature is ≤ 14 KB gzipped', () => {
    const image = avatar.image;
    const snapshot = page({
      avatar,
      lang: 'de',
      share_image: card,
      seo: { title: 'Maya — Drucke', description: 'Signierte Drucke aus Lissabon.', noindex: false },
      theme: {
        background: '#fdf6ec',
        text: '#1f2937',
        accent: '#b4235a',
        button_style: 'outline',
        button_shape: 'pill',
        font: 'playfair',
        background_kind: 'gradient',
        background_to: '#fde68a',
        gradient_angle: 135,
      },
      background: {
        width: 1440,
        height: 960,
        variants: [
          {
            format: 'jpeg' as const,
            width: 1440,
            height: 960,
            path: `/_img/${hash('b')}.jpg`,
            byte_size: 9000,
          },
        ],
      },
      blocks: [
        { id: 'h1', type: 'header', data: { text: 'Neu im Shop' } },
        { id: 't1', type: 'text', data: { text: 'Jeder Druck ist signiert und nummeriert.' } },
        ...Array.from({ length: 12 }, (_, i) => ({
          id: `l${i}`,
          type: 'link' as const,
          data: { title: `Druck Nr. ${i + 1}: limitierte Auflage`, url: `https://shop.example.com/p/${i}` },
        })),
        {
          id: 's1',
          type: 'social',
          data: {
            links: ['instagram', 'tiktok', 'youtube', 'x', 'email'].map((network) => ({
              network,
              url: network === 'email' ? 'mailto:hi@example.com' : `https://${network}.com/maya`,
            })),
          },
        },
        { id: 'i1', type: 'image', data: { url: `/_img/${hash('d')}.jpg`, alt: 'Ein Druck', image } },
        { id: 'e1', type: 'embed', data: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
        { id: 'e2', type: 'embed', data: { url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' } },
        {
          id: 'm1',
          type: 'email_capture',
          data: { title: 'Newsletter', button_label: 'Anmelden', double_opt_in: true },
        },
        { id: 'd1', type: 'divider' },
      ],
    });
    const html = render(snapshot);
    const gzipped = gzipSync(Buffer.from(html, 'utf8'), { level: 6 }).byteLength;
    console.info(
      `bio page, every block and theme feature: ${Buffer.byteLength(html)} B raw, ${gzipped} B gzipped`,
    );
    expect(html).toContain('og:image');
    expect(gzipped).toBeLessThanOrEqual(14 * 1024);
  });
});
