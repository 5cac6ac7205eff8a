import type { Context } from 'hono';
import { SOCIAL_CRAWLER_TOKENS } from '@linkhub/shared/server/analytics/social-crawlers';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { EdgeHosts } from '../dispatch/dispatch';
import type { CrawlingFacts, PgLookup } from '../lookup/pg-lookup';
import { publicOrigin } from './public-origin';

/**
 * `/robots.txt` and `/sitemap.xml` per host type (D-629). A host of short links keeps search
 * engines off its slugs (each is someone else's page, and a redirect besides) but lets the social
 * card crawlers in, so a posted link still gets its card; a host of bio pages is open and lists
 * its published pages in its sitemap. A host serving both is open (its redirects say noindex).
 */
const CRAWLING_CACHE_CONTROL = 'public, max-age=3600';

export function linkHostRobots(): string {
  const cardCrawlers = SOCIAL_CRAWLER_TOKENS.map((token) => `User-agent: ${token}`).join('\n');
  return `${cardCrawlers}\nAllow: /\n\nUser-agent: *\nDisallow: /\n`;
}

export function bioHostRobots(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (value: string): string => value.replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch] ?? ch);

/** A host's published pages as a sitemap (its root too when a page is shown there). */
export function renderSitemap(
  origin: string,
  facts: Pick<CrawlingFacts, 'pages' | 'root_handle'>,
  showsRoot: boolean,
): string {
  const entry = (path: string, published: string): string => {
    const date = new Date(published);
    const lastmod = Number.isNaN(date.getTime()) ? '' : `<lastmod>${date.toISOString()}</lastmod>`;
    return `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod}</url>`;
  };
  const first = facts.pages[0];
  const root = showsRoot && first !== undefined ? [entry('/', first.published_at)] : [];
  const urls = facts.pages.map((page) => entry(`/${encodeURIComponent(page.handle)}`, page.published_at));
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[...root, ...urls].join('')}</urlset>\n`
  );
}

type HostKind = { serves: 'links' | 'bio' | 'all'; facts: CrawlingFacts | null };

export function createCrawlingFiles(deps: { pg: PgLookup; hosts: EdgeHosts; logger: Logger }) {
  async function kindOf(host: string, needPages: boolean): Promise<HostKind> {
    if (host === deps.hosts.linkHost) return { serves: 'links', facts: null };
    if (host === deps.hosts.bioHost && !needPages) return { serves: 'bio', facts: null };
    const facts = await deps.pg.findCrawlingFacts(host);
    if (host === deps.hosts.bioHost) return { serves: 'bio', facts };
    // An unknown host serves nothing: keep crawlers off it like a link host.
    return { serves: facts?.purpose ?? 'links', facts };
  }

  return async (c: Context, file: 'robots' | 'sitemap', host: string): Promise<Response> => {
    const origin = publicOrigin(host, c.req.header('host'));
    try {
      const kind = await kindOf(host, file === 'sitemap');
      if (file === 'robots') {
        const body = kind.serves === 'links' ? linkHostRobots() : bioHostRobots(origin);
        return c.body(body, 200, {
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': CRAWLING_CACHE_CONTROL,
        });
      }
      if (kind.serves === 'links' || kind.facts === null)
        return c.body('Not found\n', 404, { 'Content-Type': 'text/plain; charset=utf-8' });
      // A custom domain's root shows one of its pages (ROOT_PAGE_SQL); the bio host's root is not a page.
      const showsRoot = host !== deps.hosts.bioHost;
      return c.body(renderSitemap(origin, kind.facts, showsRoot), 200, {
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': CRAWLING_CACHE_CONTROL,
      });
    } catch (err) {
      deps.logger.error({ err, host, file }, 'crawling file failed');
      return c.body('Unavailable\n', 503, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Retry-After': '60',
      });
    }
  };
}
