import { describe, expect, it } from 'vitest';
import { blank, columnKey, delimiterOf, readCsvRows, type CsvImportSpec } from './csv-rows';
import { codeSentence } from './error-messages';

/** The CSV reader both imports use, with a small spec of its own: a URL and an optional slug. */
type Item = { url: string; slug?: string };
const spec = (maxRows = 5): CsvImportSpec<'url' | 'slug', Item> => ({
  columns: { url: ['url', 'destination_url'], slug: ['slug', 'short_link_ending'] },
  required: 'url',
  maxRows,
  tooManyRows: 'csv_too_many_rows',
  check: (cells, slugs) => {
    if (!cells.url.startsWith('https://')) return 'Not a web address.';
    if (cells.slug !== '' && slugs.has(cells.slug.toLowerCase())) return 'Slug used by an earlier row.';
    return cells.slug === '' ? { url: cells.url } : { url: cells.url, slug: cells.slug };
  },
  slugOf: (item) => item.slug,
});

describe('columnKey / delimiterOf / blank', () => {
  it('spells a header the same however the spreadsheet wrote it', () => {
    expect(columnKey(' Destination URL ')).toBe('destination_url');
    expect(columnKey('destination-url')).toBe('destination_url');
    expect(columnKey('__Slug__')).toBe('slug');
  });

  it('takes the delimiter the header row uses most, comma on a tie or none', () => {
    expect(delimiterOf('url;slug;title\nhttps://a,b;c;d')).toBe(';');
    expect(delimiterOf('\n\nurl\tslug\n')).toBe('\t');
    expect(delimiterOf('url,slug;title')).toBe(',');
    expect(delimiterOf('url')).toBe(',');
  });

  it('a row of spaces is blank', () => {
    expect(blank([' ', ''])).toBe(true);
    expect(blank([' ', 'x'])).toBe(false);
  });
});

describe('readCsvRows', () => {
  it('reads aliased columns, lists the ignored ones, and numbers rows as a spreadsheet does', () => {
    const text =
      'Destination URL,Short link ending,Notes\nhttps://a.example,spring,x\n,,\nftp://b.example,,y\nhttps://c.example,,\n';
    const reading = readCsvRows(text, spec());
    expect(reading).toEqual({
      kind: 'rows',
      total: 3,
      ready: [
        { row: 2, item: { url: 'https://a.example', slug: 'spring' } },
        { row: 5, item: { url: 'https://c.example' } },
      ],
      refused: [{ row: 4, message: 'Not a web address.' }],
      ignoredColumns: ['Notes'],
    });
  });

  it('a slug an earlier row took is refused, whatever its case', () => {
    const reading = readCsvRows('url,slug\nhttps://a.example,Sale\nhttps://b.example,sale\n', spec());
    expect(reading.kind === 'rows' && reading.refused).toEqual([
      { row: 3, message: 'Slug used by an earlier row.' },
    ]);
  });

  it('semicolon files (a European spreadsheet) read the same', () => {
    const reading = readCsvRows('url;slug\nhttps://a.example;one\n', spec());
    expect(reading.kind === 'rows' && reading.ready).toEqual([
      { row: 2, item: { url: 'https://a.example', slug: 'one' } },
    ]);
  });

  it('a header after blank lines still names the columns; row numbers count those lines', () => {
    const reading = readCsvRows('\n\nurl\nhttps://a.example\n', spec());
    expect(reading.kind === 'rows' && reading.ready).toEqual([
      { row: 4, item: { url: 'https://a.example' } },
    ]);
  });

  it('a row with a broken quote is refused alone', () => {
    const reading = readCsvRows('url,slug\nhttps://a.example,ok\n"https://b.example,bad\n', spec());
    expect(reading.kind).toBe('rows');
    if (reading.kind !== 'rows') return;
    expect(reading.ready.map((r) => r.row)).toEqual([2]);
    expect(reading.refused).toEqual([{ row: 3, message: codeSentence('csv_malformed_row') }]);
  });

  it('refuses the whole file when it is empty, has no URL column, or holds too many rows', () => {
    expect(readCsvRows('', spec())).toEqual({ kind: 'refused', message: codeSentence('csv_empty') });
    expect(readCsvRows('url\n\n', spec())).toEqual({ kind: 'refused', message: codeSentence('csv_empty') });
    expect(readCsvRows('title\nx\n', spec())).toEqual({
      kind: 'refused',
      message: codeSentence('csv_no_url_column'),
    });
    const many = ['url', ...Array.from({ length: 3 }, (_, i) => `https://${i}.example`)].join('\n');
    expect(readCsvRows(many, spec(2))).toEqual({
      kind: 'refused',
      message: codeSentence('csv_too_many_rows'),
    });
  });
});
