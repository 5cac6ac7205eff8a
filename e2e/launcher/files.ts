import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Download } from 'playwright-core';

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) → rows of cells; throws on an unclosed quote. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (quoted) throw new Error('CSV ends inside a quoted field');
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The CSV as records keyed by its header row; every row must have the header's width. */
export function csvRecords(text: string): { header: string[]; records: Array<Record<string, string>> } {
  const [header = [], ...rows] = parseCsv(text);
  const records = rows.map((cells, i) => {
    if (cells.length !== header.length)
      throw new Error(`CSV row ${i + 2} has ${cells.length} cells, the header ${header.length}`);
    return Object.fromEntries(header.map((h, j) => [h, cells[j] ?? '']));
  });
  return { header, records };
}

export async function downloadedBytes(download: Download): Promise<Uint8Array> {
  return new Uint8Array(await readFile(await download.path()));
}

/** A ZIP's entries (name → bytes); throws when it is not a readable ZIP. */
export function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(bytes);
}
