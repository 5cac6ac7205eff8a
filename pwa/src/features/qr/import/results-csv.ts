import { csvLine } from '@linkhub/shared/analytics/csv';
import type { ReadyQrRow, RefusedQrRow } from './csv-rows';

export type CreatedQrRow = {
  row: number;
  title: string | undefined;
  short_url: string;
  encoded_text: string;
};

/**
 * The import's result as a CSV the operator keeps beside the print run: one line per row of the
 * file, created (with its address and what the symbol encodes) or not (with why). Written by the one
 * CSV writer, so a title or destination that starts like a formula is defused (D-496).
 */
export function importResultsCsv(
  ready: readonly ReadyQrRow[],
  created: readonly CreatedQrRow[],
  notCreated: readonly RefusedQrRow[],
): string {
  const destinations = new Map(ready.map((r) => [r.row, r.code.destination_url]));
  const lines = [
    ...created.map((c) => ({
      row: c.row,
      values: [
        c.row,
        'created',
        c.title ?? '',
        destinations.get(c.row) ?? '',
        c.short_url,
        c.encoded_text,
        '',
      ],
    })),
    ...notCreated.map((r) => ({
      row: r.row,
      values: [r.row, 'not created', '', destinations.get(r.row) ?? '', '', '', r.message],
    })),
  ].sort((a, b) => a.row - b.row);
  return [
    csvLine(['row', 'status', 'title', 'destination_url', 'short_url', 'encoded_text', 'error']),
    ...lines.map((l) => csvLine(l.values)),
  ].join('');
}
