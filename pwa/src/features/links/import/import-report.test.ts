import { describe, expect, it } from 'vitest';
import { itemSentence, progressText, reportLines, reviewText, summaryText } from './import-report';

describe('the import report', () => {
  it('says the progress and the outcome in words, with thousands separated', () => {
    expect(progressText(300, 5000)).toBe('Imported 300 of 5,000');
    expect(reviewText(5000, 4998)).toBe('5,000 rows read: 4,998 ready to import, 2 refused (listed below).');
    expect(reviewText(1, 1)).toBe('1 row read: 1 ready to import.');
    expect(summaryText(4, 3)).toBe('Imported 3 of 4 rows. 1 row was not imported.');
    expect(summaryText(1200, 1000)).toBe('Imported 1,000 of 1,200 rows. 200 rows were not imported.');
    expect(summaryText(2, 2)).toBe('Imported 2 of 2 rows.');
  });

  it('lists every row not imported, refused here or by the server, in file order', () => {
    expect(
      reportLines(
        [
          { row: 9, message: 'b' },
          { row: 2, message: 'a' },
        ],
        [{ row: 5, message: 'c' }],
      ),
    ).toEqual([
      { row: 2, message: 'a' },
      { row: 5, message: 'c' },
      { row: 9, message: 'b' },
    ]);
  });

  it('turns the server’s reason for an item into the editor’s sentence, never its code', () => {
    expect(
      itemSentence({
        code: 'validation_failed',
        message: 'The request is invalid.',
        details: [{ field: 'destination_url', issue: 'invalid_format', format: 'url' }],
      }),
    ).toBe('Enter a full web address, such as https://example.com.');
    expect(itemSentence({ code: 'qr_slug_reserved', message: '', details: [] })).toBe(
      'This short link belongs to a printed QR code and cannot be reused.',
    );
    expect(itemSentence({ code: 'plan_limit_reached', message: '', details: [] })).toBe(
      "This workspace has reached its plan's limit.",
    );
    expect(itemSentence({ code: 'brand_new_code', message: '', details: [] })).not.toContain(
      'brand_new_code',
    );
  });
});
