import { describe, expect, it } from 'vitest';
import { importResultsCsv } from './results-csv';

/** The QR import's result file: one line per row of the file, in its order, created or not (with why). */
describe('importResultsCsv', () => {
  const ready = [
    { row: 2, code: { destination_url: 'https://example.com/a', title: 'Table 1' } },
    { row: 4, code: { destination_url: 'https://example.com/c' } },
  ];

  it('lists created and refused rows together, in row order', () => {
    const csv = importResultsCsv(
      ready,
      [
        {
          row: 4,
          title: undefined,
          short_url: 'https://lnk.example/c',
          encoded_text: 'https://lnk.example/c',
        },
        {
          row: 2,
          title: 'Table 1',
          short_url: 'https://lnk.example/a',
          encoded_text: 'https://lnk.example/a',
        },
      ],
      [{ row: 3, message: 'Not a web address.' }],
    );
    expect(csv.split('\r\n')).toEqual([
      'row,status,title,destination_url,short_url,encoded_text,error',
      '2,created,Table 1,https://example.com/a,https://lnk.example/a,https://lnk.example/a,',
      '3,not created,,,,,Not a web address.',
      '4,created,,https://example.com/c,https://lnk.example/c,https://lnk.example/c,',
      '',
    ]);
  });

  it('defuses a title that starts like a spreadsheet formula, and quotes commas', () => {
    const csv = importResultsCsv(
      [{ row: 2, code: { destination_url: 'https://example.com/a' } }],
      [{ row: 2, title: '=HYPERLINK("x"), now', short_url: 's', encoded_text: 'e' }],
      [],
    );
    expect(csv).toContain('"\'=HYPERLINK(""x""), now"');
  });
});
