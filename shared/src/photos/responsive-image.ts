import { z } from 'zod';
import { escapeHtml } from '../blocks/escape';

/** What an uploaded photo is used as; each use has its own widths and crop (`PHOTO_USES`). */
export const PHOTO_KINDS = ['avatar', 'block_image', 'page_background', 'og_image'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_MIME: Readonly<Record<PhotoFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};
export const PHOTO_EXTENSION: Readonly<Record<PhotoFormat, string>> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
};

/** The widths each use is encoded at (never larger than the upload) and how it is cropped. */
export const PHOTO_USES: Readonly<
  Record<PhotoKind, { widths: readonly number[]; square: boolean; heightPerWidth?: number }>
> = {
  avatar: { widths: [96, 192, 384], square: true },
  block_image: { widths: [480, 960, 1440], square: false },
  page_background: { widths: [480, 960, 1440], square: false },
  // A page's uploaded share card (D-600), cropped to the 1200×630 link previews show.
  og_image: { widths: [1200], square: false, heightPerWidth: 630 / 1200 },
};

/** The public path of one stored variant: content-hashed, so it can be cached forever (D-585). */
export const PHOTO_PATH = /^\/_img\/[0-9a-f]{32}\.(avif|webp|jpg)$/;

export const photoVariantSchema = z.object({
  format: z.enum(PHOTO_FORMATS),
  width: z.int().min(1).max(10_000),
  height: z.int().min(1).max(10_000),
  path: z.string().regex(PHOTO_PATH),
  byte_size: z.int().min(1),
});
export type PhotoVariant = z.infer<typeof photoVariantSchema>;

/**
 * An uploaded photo as the public page shows it: its aspect (the largest variant's size) and every
 * stored variant. Recorded on the asset at upload and copied into the published snapshot, so the
 * edge renders `<picture>` without any lookup.
 */
export const responsiveImageSchema = z.object({
  width: z.int().min(1).max(10_000),
  height: z.int().min(1).max(10_000),
  variants: z.array(photoVariantSchema).min(1).max(12),
});
export type ResponsiveImage = z.infer<typeof responsiveImageSchema>;

export type PictureOptions = {
  alt: string;
  className: string;
  /** The `sizes` attribute: how wide the image is drawn, so the browser picks the smallest sufficient variant. */
  sizes: string;
  /** The `width`/`height` attributes (the box reserved before the image arrives: no layout shift). */
  width: number;
  height: number;
  eager: boolean;
};

function srcsetOf(variants: readonly PhotoVariant[]): string {
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.path} ${v.width}w`)
    .join(', ');
}

/**
 * `<picture>` with an AVIF and a WebP `<source>` and a JPEG `<img>`, each with every width, so the
 * browser picks its best format at the width `sizes` asks for. Paths are same-origin (the edge
 * serves `/_img/…` on the page's own host).
 */
export function pictureHtml(image: ResponsiveImage, options: PictureOptions): string {
  const sizes = escapeHtml(options.sizes);
  const byFormat = (format: PhotoFormat) => image.variants.filter((v) => v.format === format);
  const sources = (['avif', 'webp'] as const)
    .map((format) => byFormat(format))
    .filter((variants) => variants.length > 0)
    .map((variants) => {
      const format = variants[0]?.format ?? 'jpeg';
      return `<source type="${PHOTO_MIME[format]}" srcset="${escapeHtml(srcsetOf(variants))}" sizes="${sizes}">`;
    })
    .join('');
  const jpegs = byFormat('jpeg');
  const fallback = jpegs.length > 0 ? jpegs : image.variants;
  const smallestFirst = [...fallback].sort((a, b) => a.width - b.width);
  const src = smallestFirst[smallestFirst.length - 1]?.path ?? '';
  const loading = options.eager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"';
  return (
    `<picture>${sources}<img class="${escapeHtml(options.className)}" src="${escapeHtml(src)}" ` +
    `srcset="${escapeHtml(srcsetOf(fallback))}" sizes="${sizes}" alt="${escapeHtml(options.alt)}" ` +
    `width="${options.width}" height="${options.height}" ${loading} decoding="async"></picture>`
  );
}

/**
 * The CSS `background-image` of a page background: `image-set()` over the formats at the widest
 * width (a background covers the whole viewport), after a plain JPEG `url()` for browsers without it.
 */
export function backgroundImageCss(image: ResponsiveImage): string {
  const widest = (format: PhotoFormat) =>
    image.variants.filter((v) => v.format === format).sort((a, b) => b.width - a.width)[0];
  const jpeg = widest('jpeg');
  const set = PHOTO_FORMATS.map((format) => widest(format))
    .filter((v) => v !== undefined)
    .map((v) => `url("${v.path}") type("${PHOTO_MIME[v.format]}")`)
    .join(',');
  const plain = jpeg === undefined ? '' : `background-image:url("${jpeg.path}");`;
  // Through a custom property: the W3C Nu checker's CSS grammar predates `image-set()` and refuses it
  // as a `background-image` value, while browsers take it (D-612).
  return `--photo:image-set(${set});${plain}background-image:var(--photo);background-size:cover;background-position:center;background-attachment:fixed`;
}

/** Where a variant's file lives in the artifact store (`photos/{hash}.{ext}`), from its public file name. */
export function photoStorageKey(file: string): string {
  return `photos/${file}`;
}

/** The MIME type of a stored variant by its file name, or null for a name that is not one. */
export function photoMimeOf(file: string): string | null {
  // A generated share card (D-600) is the one PNG.
  if (/^[0-9a-f]{32}\.png$/.test(file)) return 'image/png';
  const match = /^[0-9a-f]{32}\.(avif|webp|jpg)$/.exec(file);
  if (match === null) return null;
  const format = PHOTO_FORMATS.find((f) => PHOTO_EXTENSION[f] === match[1]);
  return format === undefined ? null : PHOTO_MIME[format];
}
