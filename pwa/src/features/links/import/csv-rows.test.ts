import { describe, expect, it } from 'vitest';
import { codeSentence } from '../../../ui/error-messages';
import { MAX_IMPORT_ROWS, readLinksCsv, type CsvReading } from './csv-rows';

const rowsOf = (reading: CsvReading) => {
  if (reading.kind !== 'rows') throw new Error(`refused: ${reading.message}`);
  return reading;
};

describe('a CSV file read into links', () => {
  it('maps each data row to a link, with its spreadsheet row number, leaving empty cells out', () => {
    const reading = rowsOf(
      readLinksCsv(
        [
          'destination_url,slug,title,tags',
          'https://shop.example/a,spring,Spring sale,sale|spring',
          'https://shop.example/b,,,',
          'https://shop.example/c,,"Comma, quoted", news ; promo ;',
          'https://shop.example/d,,,"launch, blog"',
        ].join('\n'),
      ),
    );
    expect(reading.total).toBe(4);
    expect(reading.refused).toEqual([]);
    expect(reading.ready).toEqual([
      {
        row: 2,
        link: {
          destination_url: 'https://shop.example/a',
          slug: 'spring',
          title: 'Spring sale',
          tags: ['sale', 'spring'],
        },
      },
      { row: 3, link: { destination_url: 'https://shop.example/b' } },
      {
        row: 4,
        link: { destination_url: 'https://shop.example/c', title: 'Comma, quoted', tags: ['news', 'promo'] },
      },
      // a quoted cell of comma-separated tags, as Dub's and Bitly's exports write them
      { row: 5, link: { destination_url: 'https://shop.example/d', tags: ['launch', 'blog'] } },
    ]);
  });

  it('takes url for destination_url, header names in any case or spacing, semicolons or tabs between cells, and a byte-order mark', () => {
    const semicolons = rowsOf(readLinksCsv('\uFEFFURL;Title\nhttps://a.example/;A\n'));
    expect(semicolons.ready).toEqual([
      { row: 2, link: { destination_url: 'https://a.example/', title: 'A' } },
    ]);
    const tabs = rowsOf(readLinksCsv('Destination URL\tSlug\nhttps://b.example/\tbee\n'));
    expect(tabs.ready).toEqual([{ row: 2, link: { destination_url: 'https://b.example/', slug: 'bee' } }]);
  });

  it('names the columns it leaves out', () => {
    expect(rowsOf(readLinksCsv('url,notes,clicks\nhttps://a.example/,hi,3\n')).ignoredColumns).toEqual([
      'notes',
      'clicks',
    ]);
  });

  it('refuses each bad row with a sentence, before anything is sent, and keeps the good ones', () => {
    const reading = rowsOf(
      readLinksCsv(
        [
          'url,slug,title',
          'not a url,,',
          ',lonely,',
          'https://ok.example/,api,',
          'https://ok.example/1,dup,',
          'https://ok.example/2,DUP,',
          `https://ok.example/3,,${'x'.repeat(121)}`,
          'https://ok.example/4,,Fine',
        ].join('\n'),
      ),
    );
    expect(reading.ready.map((r) => r.row)).toEqual([5, 8]);
    expect(reading.refused).toEqual([
      { row: 2, message: 'Enter a full web address, such as https://example.com.' },
      { row: 3, message: 'Destination URL is required.' },
      { row: 4, message: 'This slug is reserved.' },
      { row: 6, message: 'Short link ending is already used by an earlier row of this file.' },
      { row: 7, message: 'Title must be at most 120 characters.' },
    ]);
  });

  it('reads a destination written without https:// (as spreadsheets often hold them) as https', () => {
    const reading = rowsOf(
      readLinksCsv(['url,slug', 'example.com/menu,menu', 'ana@example.com,mail'].join('\n')),
    );
    expect(reading.ready.map((r) => r.link.destination_url)).toEqual(['https://example.com/menu']);
    expect(reading.refused.map((r) => r.row)).toEqual([3]);
  });

  it('skips blank rows but keeps counting them, as a spreadsheet does', () => {
    const reading = rowsOf(readLinksCsv('\nurl\n\nhttps://a.example/\n ,\nhttps://b.example/\n'));
    expect(reading.ready.map((r) => r.row)).toEqual([4, 6]);
    expect(reading.total).toBe(2);
  });

  it('refuses a row whose quote is never closed', () => {
    const reading = rowsOf(readLinksCsv('url,title\nhttps://a.example/,A\nhttps://b.example/,"open\n'));
    expect(reading.ready.map((r) => r.row)).toEqual([2]);
    expect(reading.refused).toEqual([{ row: 3, message: codeSentence('csv_malformed_row') }]);
  });

  it('refuses a whole file with no url column, no rows, or more than the limit', () => {
    expect(readLinksCsv('title,slug\nA,a\n')).toEqual({
      kind: 'refused',
      message: codeSentence('csv_no_url_column'),
    });
    expect(readLinksCsv('')).toEqual({ kind: 'refused', message: codeSentence('csv_empty') });
    expect(readLinksCsv('url\n\n\n')).toEqual({ kind: 'refused', message: codeSentence('csv_empty') });
    const rows = (n: number) =>
      ['url', ...Array.from({ length: n }, (_, i) => `https://a.example/${i}`)].join('\n');
    expect(rowsOf(readLinksCsv(rows(MAX_IMPORT_ROWS))).ready).toHaveLength(MAX_IMPORT_ROWS);
    expect(readLinksCsv(rows(MAX_IMPORT_ROWS + 1))).toEqual({
      kind: 'refused',
      message: codeSentence('csv_too_many_rows'),
    });
    expect(codeSentence('csv_too_many_rows')).toContain(MAX_IMPORT_ROWS.toLocaleString('en-US'));
  });
});
