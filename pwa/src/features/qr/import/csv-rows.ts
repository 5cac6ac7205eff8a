import { createQrCodeInputSchema } from '@linkhub/shared/schemas/qr-codes';
import { withWebScheme } from '@linkhub/shared/url/web-scheme';
import { detailSentence, errorText } from '../../../ui/error-messages';
import { readCsvRows } from '../../../ui/csv-rows';

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

/**
 * A CSV file's text → the QR codes to create, each checked with the schema `POST /v1/qr-codes` uses
 * (so a row refused here would be refused by the server), and the rows refused before anything is
 * sent. Columns: `destination_url` (or `url`), optionally `slug`, `title` and `label` (the frame's
 * call to action, e.g. "SCAN FOR THE MENU"). Blank rows are skipped but keep their number.
 */
export function readQrCodesCsv(text: string, brandKitId: string | null = null): QrCsvReading {
  const reading = readCsvRows(text, {
    columns: COLUMN_NAMES,
    required: 'destination_url',
    maxRows: MAX_QR_IMPORT_ROWS,
    tooManyRows: 'csv_too_many_qr_rows',
    check: (cells, slugs) => checkRow(cells, slugs, brandKitId),
    slugOf: (code) => code.slug,
  });
  if (reading.kind === 'refused') return reading;
  return { ...reading, ready: reading.ready.map(({ row, item }) => ({ row, code: item })) };
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
