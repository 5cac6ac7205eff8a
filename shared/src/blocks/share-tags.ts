import { escapeHtml } from './escape';
import type { PageSnapshot, ShareImage } from './snapshot';
import type { ResponsiveImage } from '../photos/responsive-image';

/**
 * What a link preview of the page shows (D-600): title, description, card image, address, icon.
 * Link previews and search engines need absolute URLs, so every address here is joined to `origin`
 * (the page's own scheme and host); without one (the editor's preview) only relative tags are written.
 */
export interface ShareTags {
  title: string;
  description?: string;
  /** The page's scheme and host, `https://bio.example` (no trailing slash). */
  origin?: string;
  /** The page's path on that origin (`/maya`, or `/` for a custom domain's root page). */
  canonicalPath?: string;
  /** An absolute https image (the older `seo.og_image_url`) or a card served by the edge. */
  image?: { src: string; width?: number; height?: number; alt?: string };
  /** A small square image for the browser tab (`/_img/…`). */
  icon?: { src: string; type: string };
  /** The page's language (`og:locale` takes `xx_YY`; the primary subtag alone is what we know). */
  lang?: string;
}

function absolute(src: string, origin: string | undefined): string | null {
  if (/^https?:\/\//.test(src)) return src;
  return origin === undefined ? null : origin.replace(/\/+$/, '') + (src.startsWith('/') ? src : `/${src}`);
}

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;

/** The `<head>` tags of a shareable page: description, Open Graph, Twitter card, canonical link, icon. */
export function shareTagsHtml(tags: ShareTags): string {
  const description = tags.description === undefined || tags.description === '' ? null : tags.description;
  const url =
    tags.canonicalPath === undefined
      ? null
      : (absolute(tags.canonicalPath, tags.origin) ?? tags.canonicalPath);
  const image = tags.image === undefined ? null : absolute(tags.image.src, tags.origin);
  const icon = tags.icon === undefined ? null : absolute(tags.icon.src, tags.origin);
  const out: string[] = [];
  if (description !== null) out.push(meta('name', 'description', description));
  out.push(meta('property', 'og:type', 'website'), meta('property', 'og:title', tags.title));
  if (description !== null) out.push(meta('property', 'og:description', description));
  if (url?.startsWith('http') === true) out.push(meta('property', 'og:url', url));
  if (image !== null) {
    out.push(meta('property', 'og:image', image));
    if (tags.image?.width !== undefined && tags.image.height !== undefined)
      out.push(
        meta('property', 'og:image:width', String(tags.image.width)),
        meta('property', 'og:image:height', String(tags.image.height)),
      );
    if (tags.image?.alt !== undefined) out.push(meta('property', 'og:image:alt', tags.image.alt));
  }
  out.push(
    meta('name', 'twitter:card', image === null ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:title', tags.title),
  );
  if (description !== null) out.push(meta('name', 'twitter:description', description));
  if (image !== null) out.push(meta('name', 'twitter:image', image));
  if (url !== null) out.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  out.push(
    icon === null
      ? '<link rel="icon" href="data:,">'
      : `<link rel="icon" href="${escapeHtml(icon)}" type="${escapeHtml(tags.icon?.type ?? 'image/png')}">`,
  );
  return out.join('');
}

/** The favicon of a page: the avatar's smallest PNG-free variant a browser tab can show (JPEG or WebP). */
export function avatarIcon(avatar: ResponsiveImage | undefined): ShareTags['icon'] {
  if (avatar === undefined) return undefined;
  const jpegs = avatar.variants.filter((v) => v.format === 'jpeg').sort((a, b) => a.width - b.width);
  const smallest = jpegs[0];
  return smallest === undefined ? undefined : { src: smallest.path, type: 'image/jpeg' };
}

/** The card a share shows: the published card (generated or uploaded, D-600), else the older https override. */
export function shareImageOf(
  snapshot: Pick<PageSnapshot, 'share_image' | 'seo'>,
  alt: string,
): ShareTags['image'] {
  const card: ShareImage | undefined = snapshot.share_image;
  if (card !== undefined) return { src: card.path, width: card.width, height: card.height, alt };
  const url = snapshot.seo?.og_image_url;
  return url === null || url === undefined || url === '' ? undefined : { src: url };
}
