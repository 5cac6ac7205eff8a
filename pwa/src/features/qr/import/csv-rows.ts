import Papa from 'papaparse';
import { createQrCodeInputSchema } from '@linkhub/shared/schemas/qr-codes';
import { withWebScheme } from '@linkhub/shared/url/web-scheme';
import { codeSentence, detailSentence, errorText } from '../../../ui/error-messages';
import { blank, columnKey, delimiterOf } from '../../links/import/csv-rows';

/** Rows one file may hold: one print run, the most a print sheet takes (`MAX_QR_BATCH_CODES`). */
export const MAX_QR_IMPORT_ROWS = 500;

/** One code as `POST /v1/qr-codes/bulk` takes it: a `POST /v1/qr-codes` body. */
export type ImportQrCode = {
  destination_url: string;
  slug?: string;
  title?: string;
  brand_kit_id?: string;
  design?: { frame: { label: string } };
};
/** `row` is the row number a spreadsheet shows for it: the header is row 1. */
export type ReadyQrRow = { row: number; code: ImportQrCode };
export type RefusedQrRow = { row: number; message: string };

export type QrCsvReading =
  | { kind: 'rows'; total: number; ready: ReadyQrRow[]; refused: RefusedQrRow[]; ignoredColumns: string[] }
  | { kind: 'refused'; message: string };

const COLUMN_NAMES = {
  destination_url: ['destination_url', 'url'],
  slug: ['slug'],
  title: ['title'],
  label: ['label', 'frame_label', 'call_to_action'],
} as const;
type Column = keyof typeof COLUMN_NAMES;

/**
 * A CSV file's text → the QR codes to create, each checked with the schema `POST /v1/qr-codes` uses
 * (so a row refused here would be refused by the server), and the rows refused before anything is
 * sent. Columns: `destination_url` (or `url`), optionally `slug`, `title` and `label` (the frame's
 * call to action, e.g. "SCAN FOR THE MENU"). Blank rows are skipped but keep their number.
 */
export function readQrCodesCsv(text: string, brandKitId: string | null = null): QrCsvReading {
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
    label: indexOf('label'),
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
  if (rows.length > MAX_QR_IMPORT_ROWS)
    return { kind: 'refused', message: codeSentence('csv_too_many_qr_rows') };

  const ready: ReadyQrRow[] = [];
  const refused: RefusedQrRow[] = [];
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
        label: cell(columns.label),
      },
      slugs,
      brandKitId,
    );
    if (typeof checked === 'string') refused.push({ row, message: checked });
    else {
      ready.push({ row, code: checked });
      if (checked.slug !== undefined) slugs.add(checked.slug.toLowerCase());
    }
  }
  return { kind: 'rows', total: rows.length, ready, refused, ignoredColumns };
}

function checkRow(
  cells: { destination_url: string; slug: string; title: string; label: string },
  slugs: ReadonlySet<string>,
  brandKitId: string | null,
): ImportQrCode | string {
  if (cells.destination_url === '') return detailSentence({ field: 'destination_url', issue: 'required' });
  const code: ImportQrCode = {
    destination_url: withWebScheme(cells.destination_url),
    ...(cells.slug ? { slug: cells.slug } : {}),
    ...(cells.title ? { title: cells.title } : {}),
    ...(brandKitId === null ? {} : { brand_kit_id: brandKitId }),
    ...(cells.label ? { design: { frame: { label: cells.label } } } : {}),
  };
  const parsed = createQrCodeInputSchema.safeParse(code);
  if (!parsed.success) return errorText(parsed.error);
  if (parsed.data.slug !== undefined && slugs.has(parsed.data.slug.toLowerCase()))
    return detailSentence({ field: 'slug', issue: 'duplicate_in_file' });
  return code;
}
