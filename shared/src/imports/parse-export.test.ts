import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, parseExport, type ParsedExport } from './parse-export';
import type { ImportSource } from './sources';

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function rowsOf(result: ParsedExport) {
  if (!result.ok) throw new Error(result.problem);
  return result.rows;
}

/** What each product's real export shape (API answer or dashboard file) reads as. */
describe('parseExport', () => {
  it('reads a Bitly API page: the custom bitlink over the bit.ly one, tags, creation date; a link without a URL is a row problem', () => {
    expect(rowsOf(parseExport('bitly', fixture('bitly-api.json')))).toEqual([
      {
        row: 1,
        link: {
          slug: 'spring',
          sourceHost: 'go.acme-shop.com',
          destinationUrl: 'https://acme-shop.com/sale/spring?ref=bitly',
          title: 'Spring sale',
          tags: ['sale', 'spring'],
          createdAt: '2025-03-14T09:26:53.000Z',
          expiresAt: null,
          clicks: null,
        },
      },
      {
        row: 2,
        link: expect.objectContaining({ slug: '4abCDef', sourceHost: 'bit.ly', title: null, tags: [] }),
      },
      { row: 3, problem: 'no destination URL in this row' },
    ]);
  });

  it('reads a Bitly CSV with its click totals, rows numbered as a spreadsheet shows them', () => {
    const rows = rowsOf(parseExport('bitly', fixture('bitly.csv')));
    expect(rows.map((r) => ('link' in r ? [r.row, r.link.slug, r.link.clicks, r.link.tags] : r))).toEqual([
      [2, 'spring', 1204, ['sale', 'spring']],
      [3, '4abCDef', 87, []],
    ]);
  });

  it('reads Dub: key and domain, tag objects, expiry and clicks, from the API or the CSV export', () => {
    const [api] = rowsOf(parseExport('dub', fixture('dub-api.json')));
    expect(api).toEqual({
      row: 1,
      link: {
        slug: 'launch',
        sourceHost: 'dub.sh',
        destinationUrl: 'https://acme.example/launch',
        title: 'Launch day',
        tags: ['launch'],
        createdAt: '2025-04-01T08:00:00.000Z',
        expiresAt: '2027-01-01T00:00:00.000Z',
        clicks: 532,
      },
    });
    const csv = rowsOf(parseExport('dub', fixture('dub.csv')));
    expect(csv.map((r) => ('link' in r ? [r.link.sourceHost, r.link.slug, r.link.clicks] : r))).toEqual([
      ['dub.sh', 'launch', 532],
      ['go.acme.example', 'Docs', 12],
    ]);
  });

  it('reads Rebrandly: slashtag, the domain object, clicks', () => {
    expect(rowsOf(parseExport('rebrandly', fixture('rebrandly-api.json')))).toEqual([
      {
        row: 1,
        link: expect.objectContaining({
          slug: 'menu',
          sourceHost: 'rebrand.ly',
          destinationUrl: 'https://trattoria.example/menu',
          title: 'Summer menu',
          clicks: 2041,
        }),
      },
    ]);
  });

  it('reads Shlink: the API list with visits and validUntil, and the web client’s CSV with its tag separator', () => {
    const [api] = rowsOf(parseExport('shlink', fixture('shlink-api.json')));
    expect(api).toEqual({
      row: 1,
      link: {
        slug: '12C18',
        sourceHost: 's.test',
        destinationUrl: 'https://store.example.com/product/12',
        title: 'Product 12',
        tags: ['store', 'product'],
        createdAt: '2024-08-29T18:23:47.000Z',
        expiresAt: '2026-12-31T23:59:59.000Z',
        clicks: 328,
      },
    });
    const csv = rowsOf(parseExport('shlink', fixture('shlink-web-client.csv')));
    expect(
      csv.map((r) => ('link' in r ? [r.link.sourceHost, r.link.slug, r.link.tags, r.link.clicks] : r)),
    ).toEqual([
      ['s.test', '12C18', ['store', 'product'], 328],
      ['links.example.org', 'jobs', [], 5],
    ]);
  });

  it('reads Kutt: address, target, description as the title, expire_in, visit_count', () => {
    const rows = rowsOf(parseExport('kutt', fixture('kutt-api.json')));
    expect(rows.map((r) => ('link' in r ? r.link : r))).toEqual([
      {
        slug: 'docs',
        sourceHost: 'kutt.it',
        destinationUrl: 'https://docs.example.com/',
        title: 'Our docs',
        tags: [],
        createdAt: '2024-11-01T12:00:00.000Z',
        expiresAt: null,
        clicks: 77,
      },
      expect.objectContaining({
        slug: 'old_promo',
        sourceHost: 'go.example.com',
        expiresAt: '2025-01-01T00:00:00.000Z',
      }),
    ]);
  });

  it('reads YOURLS from its stats API and from its table as CSV, dates as UTC, never the visitor IP', () => {
    for (const file of ['yourls-stats.json', 'yourls-table.csv']) {
      const rows = rowsOf(parseExport('yourls', fixture(file)));
      expect(rows.map((r) => ('link' in r ? [r.link.slug, r.link.clicks, r.link.createdAt] : r))).toEqual([
        ['blog', 1523, '2023-02-11T14:30:00.000Z'],
        ['cv', 12, '2023-03-01T08:00:00.000Z'],
      ]);
      expect(JSON.stringify(rows)).not.toContain('203.0.113.9');
    }
  });

  it('refuses a file that is not the product’s export, broken JSON, an empty file and an oversized one', () => {
    const refusal = (source: ImportSource, content: string) => {
      const result = parseExport(source, content);
      return result.ok ? null : result.problem;
    };
    expect(refusal('kutt', fixture('shlink-api.json'))).toBe(
      'This JSON holds no list of links as a Kutt export does.',
    );
    expect(refusal('dub', '{"links": [')).toBe('The file starts like JSON but is not valid JSON.');
    expect(refusal('bitly', '  \n')).toBe('The file is empty.');
    expect(refusal('bitly', 'just some words')).toMatch(/^This is neither JSON nor a CSV file/);
    const huge = JSON.stringify(
      Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => ({ key: `k${i}`, url: 'https://a.example/' })),
    );
    expect(refusal('dub', huge)).toBe(
      `The file holds ${MAX_IMPORT_ROWS + 1} links; import at most ${MAX_IMPORT_ROWS} at a time.`,
    );
  });

  it('keeps an unreadable row as a problem and reads the others (a BOM and CRLF lines too)', () => {
    const csv = '\uFEFFkeyword,url,title\r\nok,https://a.example/,A\r\n,https://b.example/,B\r\nnourl,,C\r\n';
    expect(rowsOf(parseExport('yourls', csv))).toEqual([
      { row: 2, link: expect.objectContaining({ slug: 'ok', destinationUrl: 'https://a.example/' }) },
      { row: 3, problem: 'no short link or slug in this row' },
      { row: 4, problem: 'no destination URL in this row' },
    ]);
  });
});
