import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { themeSchema } from '../../blocks/snapshot';
import { THEME_PRESETS } from '../../themes/presets';
import { renderShareCard, shareCardKey, shareCardSvg, type ShareCardInput } from './share-card';

async function avatarJpeg(): Promise<Uint8Array> {
  return sharp({ create: { width: 384, height: 384, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();
}

const base = (extra: Partial<ShareCardInput> = {}): ShareCardInput => ({
  title: 'Maya Lin — illustration & prints',
  description: 'Illustrator in Lisbon. New prints every Friday, signed and numbered, shipped worldwide.',
  address: 'bio.example/maya',
  theme: themeSchema.parse({ font: 'playfair', background: '#fdf6ec', accent: '#b4235a' }),
  avatar: null,
  ...extra,
});

const pixelsOf = async (png: Buffer) => sharp(png).raw().toBuffer();

describe('the share card', () => {
  it('decodes as a 1200×630 PNG', async () => {
    const png = await renderShareCard(base({ avatar: { bytes: await avatarJpeg(), path: '/_img/a.jpg' } }));
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    const dir = join(tmpdir(), 'share-card-test');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'card.png'), png);
  });

  it('changes when the theme changes, and its key with it', async () => {
    const one = base();
    const other = base({
      theme: themeSchema.parse({ ...one.theme, background: '#101828', text: '#f9fafb' }),
    });
    const [a, b] = await Promise.all([renderShareCard(one), renderShareCard(other)]);
    expect((await pixelsOf(a)).equals(await pixelsOf(b))).toBe(false);
    expect(shareCardKey(one)).not.toBe(shareCardKey(other));
    expect(shareCardKey(one)).toBe(shareCardKey(base()));
  });

  it('draws the title with the theme font: another font, other pixels', async () => {
    const serif = base();
    const sans = base({ theme: themeSchema.parse({ ...serif.theme, font: 'space-grotesk' }) });
    const [a, b] = await Promise.all([renderShareCard(serif), renderShareCard(sans)]);
    expect((await pixelsOf(a)).equals(await pixelsOf(b))).toBe(false);
  });

  it('draws text as outlines only (no <text>, nothing a rasteriser must find a font for) and escapes nothing raw', () => {
    const svg = shareCardSvg(base({ title: '<script>alert(1)</script> & "quotes"' }));
    expect(svg).not.toContain('<text');
    expect(svg).not.toContain('<script');
  });

  it('renders every preset theme, gradients included', async () => {
    for (const preset of THEME_PRESETS.filter((p) => p.theme.background_kind === 'gradient').slice(0, 2)) {
      const png = await renderShareCard(base({ theme: themeSchema.parse(preset.theme) }));
      expect((await sharp(png).metadata()).width).toBe(1200);
    }
  });
});
