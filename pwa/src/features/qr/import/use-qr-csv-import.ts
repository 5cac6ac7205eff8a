import { useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { codeSentence, errorText } from '../../../ui/error-messages';
import { useAliveRef } from '../../../ui/use-alive';
import { itemSentence } from '../../links/import/import-report';
import { MAX_IMPORT_FILE_BYTES } from '../../links/import/csv-rows';
import { BULK_MAX_QR_CODES, createQrCodesInBulk } from './bulk-api';
import { readQrCodesCsv, type QrCsvReading, type ReadyQrRow, type RefusedQrRow } from './csv-rows';
import type { CreatedQrRow } from './results-csv';

type Rows = Extract<QrCsvReading, { kind: 'rows' }>;
type Batch = { key: string; rows: readonly ReadyQrRow[] };
/** The batches sent so far and what the server made of them. */
export type QrImportRun = {
  batches: readonly Batch[];
  answered: number;
  created: readonly (CreatedQrRow & { id: string })[];
  failed: readonly RefusedQrRow[];
};

export type QrImportPhase =
  | { kind: 'idle' }
  | { kind: 'refused'; message: string }
  | { kind: 'review'; reading: Rows }
  | { kind: 'creating'; reading: Rows; run: QrImportRun }
  | { kind: 'stopped'; reading: Rows; run: QrImportRun; message: string }
  | { kind: 'done'; reading: Rows; run: QrImportRun };

const batchesOf = (rows: readonly ReadyQrRow[]): Batch[] =>
  Array.from({ length: Math.ceil(rows.length / BULK_MAX_QR_CODES) }, (_, i) => ({
    key: uuidv7(),
    rows: rows.slice(i * BULK_MAX_QR_CODES, (i + 1) * BULK_MAX_QR_CODES),
  }));

/**
 * A QR CSV import: the file read and every row checked (the preview), then the ready rows sent
 * through `POST /v1/qr-codes/bulk` 100 at a time, one batch after another. A batch that fails
 * (offline, signed out) stops the run; trying again resends it with the same idempotency key, so a
 * batch the server did take is not created twice.
 */
export function useQrCsvImport(workspaceId: string) {
  const [phase, setPhase] = useState<QrImportPhase>({ kind: 'idle' });
  const alive = useAliveRef();

  const pick = async (file: File, brandKitId: string | null): Promise<void> => {
    if (file.size > MAX_IMPORT_FILE_BYTES)
      return setPhase({ kind: 'refused', message: codeSentence('csv_too_large') });
    const text = await file.text().catch(() => null);
    if (!alive.current) return;
    if (text === null) return setPhase({ kind: 'refused', message: codeSentence('csv_unreadable') });
    const reading = readQrCodesCsv(text, brandKitId);
    setPhase(reading.kind === 'refused' ? reading : { kind: 'review', reading });
  };

  const go = async (reading: Rows, from: QrImportRun): Promise<void> => {
    let run = from;
    setPhase({ kind: 'creating', reading, run });
    for (let i = run.answered; i < run.batches.length; i += 1) {
      const batch = run.batches[i];
      if (batch === undefined) break;
      try {
        const results = await createQrCodesInBulk(
          workspaceId,
          batch.rows.map((r) => r.code),
          batch.key,
        );
        const created = [...run.created];
        const failed = [...run.failed];
        for (const result of results) {
          const source = batch.rows[result.index];
          if (source === undefined) continue;
          if (result.status === 'created')
            created.push({
              row: source.row,
              id: result.qr_code.id,
              title: source.code.title,
              short_url: result.qr_code.short_url,
              encoded_text: result.qr_code.encoded_text,
            });
          else failed.push({ row: source.row, message: itemSentence(result.error) });
        }
        run = { ...run, answered: i + 1, created, failed };
        if (!alive.current) return;
        setPhase({ kind: 'creating', reading, run });
      } catch (error) {
        if (alive.current) setPhase({ kind: 'stopped', reading, run, message: errorText(error) });
        return;
      }
    }
    if (alive.current) setPhase({ kind: 'done', reading, run });
  };

  return {
    phase,
    pick,
    start: () =>
      phase.kind === 'review'
        ? go(phase.reading, { batches: batchesOf(phase.reading.ready), answered: 0, created: [], failed: [] })
        : Promise.resolve(),
    retry: () => (phase.kind === 'stopped' ? go(phase.reading, phase.run) : Promise.resolve()),
    reset: () => setPhase({ kind: 'idle' }),
  };
}
