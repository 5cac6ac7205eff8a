import { ApiError } from '../../../api/api-error';
import { errorText } from '../../../ui/error-messages';
import type { BulkItemError } from './bulk-results';
import type { RefusedRow } from './csv-rows';

const count = new Intl.NumberFormat('en-US');
const rows = (n: number): string => `${count.format(n)} row${n === 1 ? '' : 's'}`;

/** Why the server did not create one item, in the editor's words. */
export function itemSentence(error: BulkItemError): string {
  return errorText(new ApiError(422, error.code, error.message, error.details));
}

/** "Imported 300 of 5,000": links created so far, of the data rows in the file. */
export function progressText(created: number, total: number): string {
  return `Imported ${count.format(created)} of ${count.format(total)}`;
}

/** What the file holds, before anything is sent. */
export function reviewText(total: number, ready: number): string {
  const refused = total - ready;
  return `${rows(total)} read: ${count.format(ready)} ready to import${refused > 0 ? `, ${count.format(refused)} refused (listed below)` : ''}.`;
}

/** The end of an import: how many were made and how many were not. */
export function summaryText(total: number, created: number): string {
  const missing = total - created;
  return `${progressText(created, total)} rows.${missing > 0 ? ` ${rows(missing)} ${missing === 1 ? 'was' : 'were'} not imported.` : ''}`;
}

/** Every row not imported, refused before sending or by the server, in file order. */
export function reportLines(refused: readonly RefusedRow[], failed: readonly RefusedRow[]): RefusedRow[] {
  return [...refused, ...failed].sort((a, b) => a.row - b.row);
}
