import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { csvLine } from './csv';

/**
 * How a spreadsheet reads a CSV file with a given separator: a field that begins with `"` is
 * quoted (`""` inside is one quote, the field runs to the closing quote; anything after it up to the
 * next separator is appended), any other field runs to the next separator or line break.
 */
function readAs(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i += 1;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i += 1;
          break;
        } else cell += text[i++] ?? '';
      }
    }
    while (i < text.length && text[i] !== sep && text[i] !== '\n' && text[i] !== '\r')
      cell += text[i++] ?? '';
    row.push(cell);
    if (text[i] === sep) {
      i += 1;
      if (i === text.length) row.push('');
      continue;
    }
    if (text[i] === '\r') i += 1;
    if (text[i] === '\n') i += 1;
    rows.push(row);
    row = [];
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

/** A formula start, at the very beginning or after the blanks a reader may trim. */
const FORMULA = /^[ \t\r\n]*[=+\-@]/;
// Text rich in the characters that matter: separators, quotes, line breaks and formula starts.
const cellText = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ',', ';', '"', 'x', ' ', "'") }),
);

test.prop([fc.array(fc.array(cellText, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 })])(
  'no cell of any row, read with , ; or TAB as the separator, starts with a formula character, blanks trimmed or not',
  (rows) => {
    const text = rows.map((r) => csvLine(r)).join('');
    for (const sep of [',', ';', '\t'])
      for (const row of readAs(text, sep))
        for (const cell of row) expect(cell, `separator ${JSON.stringify(sep)}`).not.toMatch(FORMULA);
  },
);

test.prop([fc.array(cellText, { minLength: 1, maxLength: 6 })])(
  'read back with commas, a row has its cells, each the value with its defusing quotes only',
  (cells) => {
    const [row] = readAs(csvLine(cells), ',');
    expect(row).toHaveLength(cells.length);
    row?.forEach((cell, i) =>
      expect(cell.replace(/'(?=[=+\-@\t\r])/g, '')).toBe((cells[i] ?? '').replace(/'(?=[=+\-@\t\r])/g, '')),
    );
  },
);
