import { describe, expect, it } from 'vitest';
import { bioHostRobots, linkHostRobots, renderSitemap } from './crawling';

describe('robots.txt', () => {
  it('lets the card crawlers fetch a link host and keeps everyone else off it', () => {
    const robots = linkHostRobots();
    for (const bot of [
      'facebookexternalhit',
      'Twitterbot',
      'Slackbot',
      'LinkedInBot',
      'Discordbot',
      'WhatsApp',
      'TelegramBot',
    ])
      expect(robots).toContain(`User-agent: ${bot}\n`);
    expect(robots.endsWith('User-agent: *\nDisallow: /\n')).toBe(true);
  });

  it('opens a bio host and names its sitemap', () => {
    expect(bioHostRobots('https://bio.example')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://bio.example/sitemap.xml\n',
    );
  });
});

describe('sitemap.xml', () => {
  it('lists each page with its publish time, encoded and escaped, and the root when a page shows there', () => {
    const xml = renderSitemap(
      'https://me.example',
      {
        root_handle: null,
        pages: [
          { handle: 'a.b', published_at: '2026-06-01T10:00:00Z' },
          { handle: 'x&y', published_at: 'not a date' },
        ],
      },
      true,
    );
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml).toContain(
      '<url><loc>https://me.example/</loc><lastmod>2026-06-01T10:00:00.000Z</lastmod></url>',
    );
    expect(xml).toContain(
      '<url><loc>https://me.example/a.b</loc><lastmod>2026-06-01T10:00:00.000Z</lastmod></url>',
    );
    expect(xml).toContain('<url><loc>https://me.example/x%26y</loc></url>');
  });

  it('is an empty urlset for a host without pages', () => {
    expect(renderSitemap('https://me.example', { root_handle: null, pages: [] }, true)).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>',
    );
  });
});
