import Papa from 'papaparse';
import { createLinkInputSchema } from '@linkhub/shared/schemas/links';
import { codeSentence, detailSentence, errorText } from '../../../ui/error-messages';
import { withWebScheme } from '@linkhub/shared/url/web-scheme';

/** Rows one file may hold (the sentence for `csv_too_many_rows` in ui/error-messages.ts names it too). */
export const MAX_IMPORT_ROWS = 5_000;
/** A file past this is refused before it is read: 5,000 rows of the longest addresses fit well under it. */
export const MAX_IMPORT_FILE_BYTES = 16 * 1024 * 1024;

/** One link as `POST /v1/links/bulk` takes it: a `POST /v1/links` body. */
export type ImportLink = { destination_url: string; slug?: string; title?: string; tags?: string[] };
/** `row` is the row number a spreadsheet shows for it: the header is row 1. */
export type ReadyRow = { row: number; link: ImportLink };
export type RefusedRow = { row: number; message: string };

export type CsvReading =
  | { kind: 'rows'; total: number; ready: ReadyRow[]; refused: RefusedRow[]; ignoredColumns: string[] }
  | { kind: 'refused'; message: string };

const COLUMN_NAMES = {
  destination_url: ['destination_url', 'url'],
  slug: ['slug'],
  title: ['title'],
  tags: ['tags'],
} as const satisfies Record<keyof ImportLink, readonly string[]>;
type Column = keyof typeof COLUMN_NAMES;

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

export const tagsOfCell = (cell: string): string[] =>
  cell
    .split(/[|;,]/)
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * A CSV file's text → the links to import, each checked with the schema `POST /v1/links` uses, and
 * the rows refused before anything is sent (each with its sentence). A header row names the columns:
 * `destination_url` (or `url`), and optionally `slug`, `title` and `tags` (separated by `,`, `|` or `;`, as Dub and Bitly exports write them);
 * other columns are ignored. Blank rows are skipped but keep their number.
 */
export function readLinksCsv(text: string): CsvReading {
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
  const indexOf = (column: Column): number | undefined => {
    const at = keys.findIndex((k) => (COLUMN_NAMES[column] as readonly string[]).includes(k));
    return at === -1 ? undefined : at;
  };
  const columns = {
    destination_url: indexOf('destination_url'),
    slug: indexOf('slug'),
    title: indexOf('title'),
    tags: indexOf('tags'),
  };
  if (columns.destination_url === undefined)
    return { kind: 'refused', message: codeSentence('csv_no_url_column') };
  const used = new Set(Object.values(columns));
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
  if (rows.length > MAX_IMPORT_ROWS) return { kind: 'refused', message: codeSentence('csv_too_many_rows') };

  const ready: ReadyRow[] = [];
  const refused: RefusedRow[] = [];
  const slugs = new Set<string>();
  for (const { record, index } of rows) {
    const row = index + 1;
    if (malformed.has(index)) {
      refused.push({ row, message: codeSentence('csv_malformed_row') });
      continue;
    }
    const cell = (at: number | undefined): string => (at === undefined ? '' : (record[at] ?? '').trim());
    const checked = checkRow(
      {
        destination_url: cell(columns.destination_url),
        slug: cell(columns.slug),
        title: cell(columns.title),
        tags: tagsOfCell(cell(columns.tags)),
      },
      slugs,
    );
    if (typeof checked === 'string') refused.push({ row, message: checked });
    else {
      ready.push({ row, link: checked });
      if (checked.slug !== undefined) slugs.add(checked.slug.toLowerCase());
    }
  }
  return { kind: 'rows', total: rows.length, ready, refused, ignoredColumns };
}

/** The row as the request will carry it, or the sentence saying why it is refused. */
function checkRow(
  cells: { destination_url: string; slug: string; title: string; tags: string[] },
  slugs: ReadonlySet<string>,
): ImportLink | string {
  if (cells.destination_url === '') return detailSentence({ field: 'destination_url', issue: 'required' });
  const link: ImportLink = {
    destination_url: withWebScheme(cells.destination_url),
    ...(cells.slug ? { slug: cells.slug } : {}),
    ...(cells.title ? { title: cells.title } : {}),
    ...(cells.tags.length > 0 ? { tags: cells.tags } : {}),
  };
  const parsed = createLinkInputSchema.safeParse(link);
  if (!parsed.success) return errorText(parsed.error);
  if (parsed.data.slug !== undefined && slugs.has(parsed.data.slug))
    return detailSentence({ field: 'slug', issue: 'duplicate_in_file' });
  return link;
}
