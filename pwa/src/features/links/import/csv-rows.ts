import { createLinkInputSchema } from '@linkhub/shared/schemas/links';
import { detailSentence, errorText } from '../../../ui/error-messages';
import { readCsvRows } from '../../../ui/csv-rows';
import { withWebScheme } from '@linkhub/shared/url/web-scheme';

/** Rows one file may hold (the sentence for `csv_too_many_rows` in ui/error-messages.ts names it too). */
export const MAX_IMPORT_ROWS = 5_000;
/** A file past this is refused before it is read: 5,000 rows of the longest addresses fit well under it. */
export const MAX_IMPORT_FILE_BYTES = 16 * 1024 * 1024;

/** One link as `POST /v1/links/bulk` takes it: a `POST /v1/links` body. */
export type ImportLink = {
  destination_url: string;
  slug?: string;
  title?: string;
  tags?: string[];
  /** The `folder` column, by name (D-620), and the private `note` (D-621). */
  folder_id?: string;
  note?: string;
};
/** A `folder` cell → the folder's id; null: the workspace has no such folder (folders/folder-tree.ts). */
export type FolderIdOf = (cell: string) => string | null;
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
  folder_id: ['folder'],
  note: ['note'],
} as const satisfies Record<keyof ImportLink, readonly string[]>;

export const tagsOfCell = (cell: string): string[] =>
  cell
    .split(/[|;,]/)
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * A CSV file's text → the links to import, each checked with the schema `POST /v1/links` uses, and
 * the rows refused before anything is sent (each with its sentence). A header row names the columns:
 * `destination_url` (or `url`), and optionally `slug`, `title`, `tags` (separated by `,`, `|` or `;`, as Dub and Bitly exports write them),
 * `folder` (a folder's name, or `Parent/Child`) and `note`;
 * other columns are ignored. Blank rows are skipped but keep their number.
 */
export function readLinksCsv(text: string, folderIdOf: FolderIdOf = () => null): CsvReading {
  const reading = readCsvRows(text, {
    columns: COLUMN_NAMES,
    required: 'destination_url',
    maxRows: MAX_IMPORT_ROWS,
    tooManyRows: 'csv_too_many_rows',
    check: (cells, slugs) => checkRow({ ...cells, tags: tagsOfCell(cells.tags) }, slugs, folderIdOf),
    slugOf: (link) => link.slug,
  });
  if (reading.kind === 'refused') return reading;
  return { ...reading, ready: reading.ready.map(({ row, item }) => ({ row, link: item })) };
}

/** The row as the request will carry it, or the sentence saying why it is refused. */
function checkRow(
  cells: {
    destination_url: string;
    slug: string;
    title: string;
    tags: string[];
    folder_id: string;
    note: string;
  },
  slugs: ReadonlySet<string>,
  folderIdOf: FolderIdOf,
): ImportLink | string {
  if (cells.destination_url === '') return detailSentence({ field: 'destination_url', issue: 'required' });
  const folderId = cells.folder_id === '' ? null : folderIdOf(cells.folder_id);
  if (cells.folder_id !== '' && folderId === null)
    return `No folder named “${cells.folder_id}” in this workspace: create it first, or leave the cell empty.`;
  const link: ImportLink = {
    destination_url: withWebScheme(cells.destination_url),
    ...(cells.slug ? { slug: cells.slug } : {}),
    ...(cells.title ? { title: cells.title } : {}),
    ...(cells.tags.length > 0 ? { tags: cells.tags } : {}),
    ...(folderId !== null ? { folder_id: folderId } : {}),
    ...(cells.note ? { note: cells.note } : {}),
  };
  const parsed = createLinkInputSchema.safeParse(link);
  if (!parsed.success) return errorText(parsed.error);
  if (parsed.data.slug !== undefined && slugs.has(parsed.data.slug))
    return detailSentence({ field: 'slug', issue: 'duplicate_in_file' });
  return link;
}
