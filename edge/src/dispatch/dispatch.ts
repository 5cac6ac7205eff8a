import { canonicalSlug } from '@linkhub/shared/resolve/host';
import { FONT_PATH } from '@linkhub/shared/blocks/web-fonts';
import type { RequestView } from '../request/request-view';
import { requestHost } from './request-host';

/** The canonical system hosts (docs/product-rules.md#running): short links and QR codes, and bio pages. */
export type EdgeHosts = { readonly linkHost: string; readonly bioHost: string };

/** Where on a host serving bio pages a request goes; segments percent-decoded, not yet validated. */
export type BioPath =
  | { readonly at: 'root' }
  | { readonly at: 'page'; readonly handle: string }
  /** The click hop `/{handle}/l/{blockId}[/{index}]`. */
  | { readonly at: 'hop'; readonly handle: string; readonly blockId: string; readonly index: string | null }
  | { readonly at: 'subscribe'; readonly handle: string }
  | { readonly at: 'none' };

export type EdgeRoute =
  | { readonly kind: 'health' }
  | { readonly kind: 'acme'; readonly token: string }
  /** A self-hosted theme font, on every host (a page's fonts come from its own origin). */
  | { readonly kind: 'font'; readonly file: string }
  /** `/_img/{file}`: an uploaded photo's variant, on every host (D-585); the file name is not yet checked. */
  | { readonly kind: 'photo'; readonly file: string }
  /** Host and slug canonical. A custom domain's route (looked up with the slug) may still hand it to its bio pages: `bioPageOf`. */
  | { readonly kind: 'redirect'; readonly host: string; readonly slug: string }
  | { readonly kind: 'bio'; readonly host: string; readonly path: BioPath }
  /** `/robots.txt` and `/sitemap.xml` of any host, by what the host serves (D-629). */
  | { readonly kind: 'crawling'; readonly file: 'robots' | 'sitemap'; readonly host: string }
  /** A link's password page posted (`POST /{slug}`, D-615) and its preview (`GET /{slug}+`, D-618). */
  | { readonly kind: 'unlock'; readonly host: string; readonly slug: string }
  | { readonly kind: 'preview'; readonly host: string; readonly slug: string }
  /** An unreadable Host header, the link host's other paths, a segment that cannot be a slug. */
  | { readonly kind: 'not_found' };

export type RedirectRoute = Extract<EdgeRoute, { kind: 'redirect' }>;
export type BioRoute = Extract<EdgeRoute, { kind: 'bio' }>;
export type DispatchInput = Pick<RequestView, 'host' | 'path' | 'method'>;

const HEALTH_PATH = '/healthz';
const ACME_PREFIX = '/.well-known/acme-challenge/';
/** No handle or slug starts with `_`, so this path is free on every host. */
const PHOTO_PREFIX = '/_img/';
/** No slug holds a dot; a bio handle could, but these two names are the crawlers' (D-629). */
const ROBOTS_PATH = '/robots.txt';
const SITEMAP_PATH = '/sitemap.xml';
const HEALTH: EdgeRoute = { kind: 'health' };
const NOT_FOUND: EdgeRoute = { kind: 'not_found' };
const BIO_ROOT: BioPath = { at: 'root' };
const BIO_NONE: BioPath = { at: 'none' };
/** The most segments a bio path has (`/{handle}/l/{blockId}/{index}`). */
const MAX_BIO_SEGMENTS = 4;

/** GET routes answer HEAD too (headers only, as Hono does). */
function isRead(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** A segment percent-decoded, or as sent when it is not valid percent-encoding. */
function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `/{x}/` reaches what `/{x}` does (a slash typed or pasted after a short link or a handle); `/` and `//…` stay as sent. */
function withoutTrailingSlash(path: string): string {
  return path.length > 2 && path.endsWith('/') && !path.endsWith('//') ? path.slice(0, -1) : path;
}

/** The one non-empty segment of `/{segment}`, still encoded; null for any other path. */
function singleSegment(path: string): string | null {
  return path.length > 1 && path.startsWith('/') && path.indexOf('/', 1) === -1 ? path.slice(1) : null;
}

/** The part of a bio pages host a path addresses. */
export function bioPathOf(sentPath: string, method: string): BioPath {
  const path = withoutTrailingSlash(sentPath);
  if (path === '/') return isRead(method) ? BIO_ROOT : BIO_NONE;
  if (!path.startsWith('/')) return BIO_NONE;
  const raw = path.slice(1).split('/', MAX_BIO_SEGMENTS + 1);
  if (raw.length > MAX_BIO_SEGMENTS || raw.includes('')) return BIO_NONE;
  const [typed = '', second, blockId, index] = raw.map(decodeSegment);
  // `/@maya` as people write handles elsewhere: no handle holds an @, so it can only mean `maya`.
  const handle = typed.length > 1 && typed.startsWith('@') ? typed.slice(1) : typed;
  if (isRead(method)) {
    if (second === undefined) return { at: 'page', handle };
    if (second === 'l' && blockId !== undefined) return { at: 'hop', handle, blockId, index: index ?? null };
  }
  if (method === 'POST' && second === 'subscribe' && blockId === undefined)
    return { at: 'subscribe', handle };
  return BIO_NONE;
}

/**
 * What the edge serves at an address (Dub-style host dispatch), decided once for both HTTP layers:
 * health and ACME on every host; the bio host serves bio pages; the link host serves `/{slug}`
 * redirects and nothing else; any other host is a custom domain, whose `/{slug}` is a redirect and
 * whose other paths (its root included) are bio pages. No I/O and never throws; pure but for the
 * bounded memo of canonical Host headers.
 */
export function dispatch(request: DispatchInput, hosts: EdgeHosts): EdgeRoute {
  const { method } = request;
  const path = withoutTrailingSlash(request.path);
  const read = isRead(method);
  if (read && path === HEALTH_PATH) return HEALTH;
  if (read && path.startsWith(ACME_PREFIX)) {
    const token = path.slice(ACME_PREFIX.length);
    if (token !== '' && !token.includes('/')) return { kind: 'acme', token: decodeSegment(token) };
  }
  if (read && path.startsWith(FONT_PATH)) {
    const file = path.slice(FONT_PATH.length);
    if (file !== '' && !file.includes('/')) return { kind: 'font', file };
  }
  if (read && path.startsWith(PHOTO_PREFIX)) return { kind: 'photo', file: path.slice(PHOTO_PREFIX.length) };
  const host = requestHost(request.host);
  if (host === null) return NOT_FOUND;
  if (read && (path === ROBOTS_PATH || path === SITEMAP_PATH))
    return { kind: 'crawling', file: path === ROBOTS_PATH ? 'robots' : 'sitemap', host };
  if (host === hosts.bioHost) return { kind: 'bio', host, path: bioPathOf(path, method) };
  const segment = read || (method === 'POST' && path !== HEALTH_PATH) ? singleSegment(path) : null;
  if (segment !== null) {
    // Link access (D-615, D-618): the password form posts to the link's own address; `/{slug}+` previews it.
    const previewed = read && segment.length > 1 && segment.endsWith('+');
    const slug = canonicalSlug(previewed ? segment.slice(0, -1) : segment);
    if (slug === null) return NOT_FOUND;
    if (!read) return { kind: 'unlock', host, slug };
    return previewed ? { kind: 'preview', host, slug } : { kind: 'redirect', host, slug };
  }
  return host === hosts.linkHost ? NOT_FOUND : { kind: 'bio', host, path: bioPathOf(path, method) };
}

/** A custom domain whose route says it serves bio pages: its `/{slug}` is a page's handle. */
export function bioPageOf(route: RedirectRoute): BioRoute {
  return { kind: 'bio', host: route.host, path: { at: 'page', handle: route.slug } };
}
