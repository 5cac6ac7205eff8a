import Papa from 'papaparse';
import { codeSentence } from './error-messages';

/** `Destination URL`, `destination-url` and `destination_url` all name the same column. */
export const columnKey = (header: string): string =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const DELIMITERS = [',', ';', '\t'] as const;

/** The header row decides the delimiter: whichever of comma, semicolon or tab it uses most (comma on a tie). */
export function delimiterOf(text: string): string {
  const header = /^.*\S.*$/m.exec(text)?.[0] ?? '';
  let best: string = ',';
  let most = 0;
  for (const d of DELIMITERS) {
    const n = header.split(d).length - 1;
    if (n > most) [best, most] = [d, n];
  }
  return best;
}

export const blank = (record: readonly string[]): boolean => record.every((cell) => cell.trim() === '');

/** What one import reads from a file: its columns (each by the header names it answers to) and each row's check. */
export type CsvImportSpec<C extends string, T> = {
  columns: Record<C, readonly string[]>;
  /** The column a file cannot do without (refused with `csv_no_url_column` when missing). */
  required: NoInfer<C>;
  maxRows: number;
  /** The error code a file over `maxRows` is refused with. */
  tooManyRows: string;
  /** The row as the request will carry it, or the sentence saying why it is refused; `slugs` are earlier rows'. */
  check: (cells: Record<C, string>, slugs: ReadonlySet<string>) => T | string;
  slugOf: (item: T) => string | undefined;
};

export type CsvRowsReading<T> =
  | {
      kind: 'rows';
      total: number;
      ready: Array<{ row: number; item: T }>;
      refused: Array<{ row: number; message: string }>;
      ignoredColumns: string[];
    }
  | { kind: 'refused'; message: string };

/**
 * A CSV file's text → its rows checked one by one, and the rows refused before anything is sent. A
 * header row names the columns; other columns are ignored (and listed). Blank rows are skipped but keep
 * their number: `row` is the row number a spreadsheet shows, the header being row 1.
 */
export function readCsvRows<C extends string, T>(text: string, spec: CsvImportSpec<C, T>): CsvRowsReading<T> {
  const parsed = Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: false,
    delimiter: delimiterOf(text),
  });
  const records = parsed.data;
  const headerAt = records.findIndex((r) => !blank(r));
  const header = records[headerAt];
  if (header === undefined) return { kind: 'refused', message: codeSentence('csv_empty') };
  const keys = header.map(columnKey);
  const names = Object.keys(spec.columns) as C[];
  const columns = new Map<C, number>();
  for (const name of names) {
    const at = keys.findIndex((k) => spec.columns[name].includes(k));
    if (at !== -1) columns.set(name, at);
  }
  if (!columns.has(spec.required)) return { kind: 'refused', message: codeSentence('csv_no_url_column') };
  const used = new Set(columns.values());
  const ignoredColumns = header
    .filter((name, i) => !used.has(i) && name.trim() !== '')
    .map((name) => name.trim());
  const malformed = new Set(
    parsed.errors.filter((e) => e.type === 'Quotes' && e.row !== undefined).map((e) => e.row),
  );
  const rows = records.flatMap((record, index) =>
    index > headerAt && !blank(record) ? [{ record, index }] : [],
  );
  if (rows.length === 0) return { kind: 'refused', message: codeSentence('csv_empty') };
  if (rows.length > spec.maxRows) return { kind: 'refused', message: codeSentence(spec.tooManyRows) };

  const ready: Array<{ row: number; item: T }> = [];
  const refused: Array<{ row: number; message: string }> = [];
  const slugs = new Set<string>();
  for (const { record, index } of rows) {
    const row = index + 1;
    if (malformed.has(index)) {
      refused.push({ row, message: codeSentence('csv_malformed_row') });
      continue;
    }
    const cells = Object.fromEntries(
      names.map((name) => {
        const at = columns.get(name);
        return [name, at === undefined ? '' : (record[at] ?? '').trim()];
      }),
    ) as Record<C, string>;
    const checked = spec.check(cells, slugs);
    if (typeof checked === 'string') refused.push({ row, message: checked });
    else {
      ready.push({ row, item: checked });
      const slug = spec.slugOf(checked);
      if (slug !== undefined) slugs.add(slug.toLowerCase());
    }
  }
  return { kind: 'rows', total: rows.length, ready, refused, ignoredColumns };
}
