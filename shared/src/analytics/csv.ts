/**
 * The one CSV writer of LinkHub (analytics, leads and QR batch manifests): RFC 4180 fields, quoted
 * when they hold a comma, quote or line break, and defused against spreadsheet formula injection.
 *
 * A spreadsheet may split a line on `,`, `;` or TAB (by locale or by its import dialog), so a text
 * value is defused wherever a cell could begin under any of those readings, not only at its start:
 * a `'` goes before every `=`, `+`, `-`, `@`, TAB or CR that opens the value or follows `,`, `;`,
 * TAB, CR, LF or `"`, spaces between them included (a reader may trim them) (D-496). The value is otherwise kept as written, so `x;=HYPERLINK(…)` exports as
 * `x;'=HYPERLINK(…)` and `a<TAB>=5+5` as `a<TAB>'=5+5`. Numbers, booleans and dates are written
 * as they are (a negative number stays a number).
 */
export type CsvValue = string | number | boolean | Date | null;

/** Characters a spreadsheet reads as the start of a formula (OWASP CSV injection). */
const FORMULA_START = '=+-@\t\r';
/** Where a spreadsheet may begin a new cell or row inside our text under some other separator. */
const CELL_BOUNDARY = ',;\t\r\n"';

/** The text with a `'` before each formula character that could open a cell under any separator. */
export function defuseCsvText(value: string): string {
  let out = '';
  let boundary = true;
  for (const ch of value) {
    if (boundary && FORMULA_START.includes(ch)) out += "'";
    out += ch;
    boundary = CELL_BOUNDARY.includes(ch) || (boundary && ch === ' ');
  }
  return out;
}

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  const safe = defuseCsvText(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: ReadonlyArray<CsvValue>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
