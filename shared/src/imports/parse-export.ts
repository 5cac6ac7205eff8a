import Papa from 'papaparse';
import type { ImportedRow } from './imported-link';
import { columnKey, normalizeKeys, PEERS } from './peers';
import { IMPORT_SOURCES, type ImportSource } from './sources';
import { isRecord } from './values';

/** Links per import: one request, one transaction per batch; a larger export is split into files. */
export const MAX_IMPORT_ROWS = 10_000;

export type ParsedExport =
  { ok: true; format: 'json' | 'csv'; rows: ImportedRow[] } | { ok: false; problem: string };

const refuse = (problem: string): ParsedExport => ({ ok: false, problem });

function rowsOf(source: ImportSource, records: readonly unknown[], firstRow: number): ImportedRow[] {
  return records.map((record, i) => {
    const row = firstRow + i;
    if (!isRecord(record)) return { row, problem: 'not a link record' };
    const link = PEERS[source].link(normalizeKeys(record));
    return typeof link === 'string' ? { row, problem: link } : { row, link };
  });
}

/**
 * A peer's export as LinkHub rows: JSON (the product's API answer or dashboard file) or CSV with a header
 * row. A file that is not this product's, or holds more than MAX_IMPORT_ROWS links, is refused as a whole;
 * a row that cannot be read is kept with its problem, so the preview shows it.
 */
export function parseExport(source: ImportSource, content: string): ParsedExport {
  const body = content.replace(/^\uFEFF/, '').trim();
  const label = IMPORT_SOURCES[source];
  if (body === '') return refuse('The file is empty.');
  if (body.startsWith('{') || body.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return refuse('The file starts like JSON but is not valid JSON.');
    }
    const list = PEERS[source].list(json);
    if (list === null) return refuse(`This JSON holds no list of links as a ${label} export does.`);
    if (list.length > MAX_IMPORT_ROWS)
      return refuse(`The file holds ${list.length} links; import at most ${MAX_IMPORT_ROWS} at a time.`);
    return { ok: true, format: 'json', rows: rowsOf(source, list, 1) };
  }
  const parsed = Papa.parse<Record<string, string>>(body, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: columnKey,
  });
  if ((parsed.meta.fields ?? []).length < 2)
    return refuse(`This is neither JSON nor a CSV file with a header row, as a ${label} export is.`);
  if (parsed.data.length > MAX_IMPORT_ROWS)
    return refuse(`The file holds ${parsed.data.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`);
  const broken = new Map(
    parsed.errors.flatMap((error) => (error.row === undefined ? [] : [[error.row, error.message]])),
  );
  const rows = rowsOf(source, parsed.data, 2).map((row, i) => {
    const problem = broken.get(i);
    return problem === undefined ? row : { row: row.row, problem: `unreadable CSV row: ${problem}` };
  });
  return { ok: true, format: 'csv', rows };
}
