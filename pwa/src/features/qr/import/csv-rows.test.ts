import { describe, expect, it } from 'vitest';
import { codeSentence } from '../../../ui/error-messages';
import { MAX_QR_IMPORT_ROWS, readQrCodesCsv } from './csv-rows';
import { importResultsCsv } from './results-csv';

describe('readQrCodesCsv', () => {
  it('says what each row becomes, and refuses the bad rows before anything is sent', () => {
    const reading = readQrCodesCsv(
      [
        'URL;Title;Slug;Label;Notes',
        'example.com/menu?table=1;Table 1;table-1;SCAN FOR THE MENU;window',
        'https://example.com/menu?table=2;Table 2;;;',
        ';Table 3;;;',
        'https://example.com/menu?table=4;Table 4;table-1;;',
        'https://example.com/menu?table=5;Table 5;;' + 'W'.repeat(41) + ';',
        '',
        'https://example.com/menu?table=7;Table 7;bad slug!;;',
      ].join('\n'),
    );
    if (reading.kind !== 'rows') throw new Error(reading.message);
    expect(reading.total).toBe(6);
    expect(reading.ignoredColumns).toEqual(['Notes']);
    expect(reading.ready).toEqual([
      {
        row: 2,
        code: {
          destination_url: 'https://example.com/menu?table=1',
          title: 'Table 1',
          slug: 'table-1',
          design: { frame: { label: 'SCAN FOR THE MENU' } },
        },
      },
      { row: 3, code: { destination_url: 'https://example.com/menu?table=2', title: 'Table 2' } },
    ]);
    expect(reading.refused.map((r) => r.row)).toEqual([4, 5, 6, 8]);
    for (const r of reading.refused) expect(r.message).not.toMatch(/[{}]|_/);
  });

  it('refuses a file past one print run, and one without a destination column', () => {
    const rows = Array.from({ length: MAX_QR_IMPORT_ROWS + 1 }, (_, i) => `https://example.com/${i}`);
    expect(readQrCodesCsv(['url', ...rows].join('\n'))).toEqual({
      kind: 'refused',
      message: codeSentence('csv_too_many_qr_rows'),
    });
    expect(readQrCodesCsv('title\nTable 1')).toEqual({
      kind: 'refused',
      message: codeSentence('csv_no_url_column'),
    });
  });
});

describe('importResultsCsv', () => {
  it('lists every row in file order and defuses cells a spreadsheet would run as a formula', () => {
    const text = importResultsCsv(
      [{ row: 2, code: { destination_url: 'https://example.com/a', title: '=HYPERLINK("x")' } }],
      [
        {
          row: 2,
          title: '=HYPERLINK("x")',
          short_url: 'http://lnk.localhost:8787/abc',
          encoded_text: 'http://LNK.LOCALHOST:8787/ABC',
        },
      ],
      [{ row: 3, message: '+1 is not an address' }],
    );
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('row,status,title,destination_url,short_url,encoded_text,error');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain("'+1 is not an address");
    expect(lines).toHaveLength(3);
  });
});
