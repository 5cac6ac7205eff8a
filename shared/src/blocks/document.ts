import { escapeHtml } from './escape';
import { shareTagsHtml, type ShareTags } from './share-tags';
import { BASE_CSS } from './styles';
import { themeCss } from './theme-css';
import type { Theme } from './snapshot';
import { backgroundImageCss, type ResponsiveImage } from '../photos/responsive-image';

/** The HTML document shell shared by bio pages and notice pages (404, sign-up answer). */
export interface DocumentParts {
  lang: string;
  title: string;
  description?: string;
  /** An https image for link previews. */
  shareImage?: string;
  /** Ask search engines not to index the page. */
  noindex?: boolean;
  /**
   * The page's one address, path only (`/maya`): a trailing slash, `@maya`, click ids and UTM tags
   * all reach the same page, and search engines list this one. Joined to `origin` when there is one.
   */
  canonicalPath?: string;
  /** The page's scheme and host: share tags, canonical link and icon are then absolute (D-600). */
  origin?: string;
  /** The bio page's card and icon (D-600); they replace `shareImage`. */
  share?: Pick<ShareTags, 'image' | 'icon'>;
  theme: Theme;
  /** A photo behind the page (D-586): the column then sits on a panel of the theme's background. */
  backgroundImage?: ResponsiveImage;
  nonce: string;
  body: string;
  /** An inline module script run after parsing (never render-blocking); omitted when absent. */
  script?: string;
}

/** The complete inline stylesheet of a page with this theme. */
export function criticalCss(theme: Theme): string {
  return themeCss(theme) + BASE_CSS;
}

/** Paths are `/_img/{hash}.{ext}` (validated by the snapshot schema), so nothing user-typed reaches the stylesheet. */
function backgroundCss(image: ResponsiveImage): string {
  return (
    `body{${backgroundImageCss(image)}}` +
    '.page{background:color-mix(in srgb,var(--bg) 90%,transparent);border-radius:var(--radius);margin-top:1rem;margin-bottom:1rem}'
  );
}

export function renderDocument(parts: DocumentParts): string {
  const nonce = escapeHtml(parts.nonce);
  const head =
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(parts.title)}</title>` +
    (parts.noindex === true ? '<meta name="robots" content="noindex">' : '') +
    shareTagsHtml({
      title: parts.title,
      description: parts.description,
      origin: parts.origin,
      canonicalPath: parts.canonicalPath,
      image: parts.shareImage === undefined ? undefined : { src: parts.shareImage },
      ...parts.share,
    }) +
    `<meta name="theme-color" content="${escapeHtml(parts.theme.background)}">` +
    `<style nonce="${nonce}">${criticalCss(parts.theme)}${parts.backgroundImage === undefined ? '' : backgroundCss(parts.backgroundImage)}</style>`;
  const script =
    parts.script === undefined ? '' : `<script type="module" nonce="${nonce}">${parts.script}</script>`;
  return `<!doctype html><html lang="${escapeHtml(parts.lang)}"><head>${head}</head><body>${parts.body}${script}</body></html>`;
}
