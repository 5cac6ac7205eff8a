import { useRef, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { codeSentence, errorText } from '../../../ui/error-messages';
import { useAliveRef } from '../../../ui/use-alive';
import { createLinksInBulk } from './bulk-api';
import { MAX_IMPORT_FILE_BYTES, readLinksCsv, type CsvReading, type FolderIdOf } from './csv-rows';
import { chunksOf, runImport, startRun, type ImportRun } from './import-run';

type Rows = Extract<CsvReading, { kind: 'rows' }>;

export type ImportPhase =
  | { kind: 'idle' }
  | { kind: 'refused'; message: string }
  | { kind: 'review'; reading: Rows }
  | { kind: 'importing'; reading: Rows; run: ImportRun }
  | { kind: 'stopped'; reading: Rows; run: ImportRun; message: string | null }
  | { kind: 'done'; reading: Rows; run: ImportRun };

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** A CSV import from picking the file to the report; leaving the screen stops it after the batch in flight. */
export function useCsvImport(workspaceId: string, folderIdOf?: FolderIdOf) {
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'idle' });
  const stopAsked = useRef(false);
  const alive = useAliveRef();

  const pick = async (file: File): Promise<void> => {
    if (file.size > MAX_IMPORT_FILE_BYTES)
      return setPhase({ kind: 'refused', message: codeSentence('csv_too_large') });
    const text = await file.text().catch(() => null);
    if (!alive.current) return;
    if (text === null) return setPhase({ kind: 'refused', message: codeSentence('csv_unreadable') });
    const reading = readLinksCsv(text, folderIdOf);
    setPhase(reading.kind === 'refused' ? reading : { kind: 'review', reading });
  };

  const go = async (reading: Rows, from: ImportRun): Promise<void> => {
    stopAsked.current = false;
    setPhase({ kind: 'importing', reading, run: from });
    const { run, error } = await runImport(from, {
      send: (chunk) =>
        createLinksInBulk(
          workspaceId,
          chunk.rows.map((r) => r.link),
          chunk.key,
        ),
      onProgress: (progress) => alive.current && setPhase({ kind: 'importing', reading, run: progress }),
      stopped: () => stopAsked.current || !alive.current,
      wait,
    });
    if (!alive.current) return;
    if (run.answered.length < run.chunks.length)
      setPhase({ kind: 'stopped', reading, run, message: error === null ? null : errorText(error) });
    else setPhase({ kind: 'done', reading, run });
  };

  return {
    phase,
    pick,
    start: () =>
      phase.kind === 'review'
        ? go(phase.reading, startRun(chunksOf(phase.reading.ready, uuidv7)))
        : Promise.resolve(),
    resume: () => (phase.kind === 'stopped' ? go(phase.reading, phase.run) : Promise.resolve()),
    stop: () => {
      stopAsked.current = true;
    },
  };
}
