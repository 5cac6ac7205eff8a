import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv';

describe('csv', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 3, true])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",,3,true\r\n',
    );
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField(new Date('2026-10-25T01:00:00Z'))).toBe('2026-10-25T01:00:00.000Z');
  });

  it('defuses a formula behind a semicolon, a tab or a line break, not only at the start', () => {
    // A visitor's utm_campaign, read by a spreadsheet that splits on ';' or TAB.
    expect(csvField('x;=HYPERLINK("http://evil","click")')).toBe(
      '"x;\'=HYPERLINK(""http://evil"",""click"")"',
    );
    expect(csvField('x\t=5+5')).toBe("x\t'=5+5");
    expect(csvField('\t=1')).toBe("'\t'=1");
    expect(csvField('a\n@SUM(A1)')).toBe('"a\n\'@SUM(A1)"');
    expect(csvField('a\r-2')).toBe('"a\r\'-2"');
    expect(csvField('x; =1')).toBe("x; '=1");
  });

  it('leaves ordinary text, negative numbers and dates as they are', () => {
    expect(csvField('spring-sale')).toBe('spring-sale');
    expect(csvField('a = b + c')).toBe('a = b + c');
    expect(csvField(-5)).toBe('-5');
    expect(csvField('maya@example.com')).toBe('maya@example.com');
  });
});
