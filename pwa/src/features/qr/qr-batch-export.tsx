import { useState } from 'react';
import {
  MAX_QR_BATCH_CODES,
  qrBatchExportInputSchema,
  type QrBatchExportView,
} from '@linkhub/shared/schemas/qr-exports';
import { errorText } from '../../ui/error-messages';
import { useAliveRef } from '../../ui/use-alive';
import { readBatchExport, saveBatchZip, startBatchExport } from './batch-export-api';
import { PrintFileFields, printSizeOf, type PrintFileChoice } from './print-file-fields';
const POLL_MS = 1000;

/** Exports the selected codes as one ZIP (print files + manifest.csv), built by the worker, with its progress. */
export function QrBatchExport({
  workspaceId,
  selected,
  onClear,
}: {
  workspaceId: string;
  selected: string[];
  onClear: () => void;
}) {
  const [choice, setChoice] = useState<PrintFileChoice>({ format: 'pdf', sizeMm: '30', dpi: 300 });
  const [job, setJob] = useState<QrBatchExportView | null>(null);
  const [message, setMessage] = useState('');
  const alive = useAliveRef();

  const running = job !== null && (job.status === 'queued' || job.status === 'running');
  // Checked live with the schema the server parses: the button waits for a size it will take.
  const request = qrBatchExportInputSchema.safeParse({
    qr_code_ids: selected,
    format: choice.format,
    size_mm: printSizeOf(choice),
    ...(choice.format === 'png' ? { dpi: choice.dpi } : {}),
  });
  const sizeInvalid = !request.success && request.error.issues.some((issue) => issue.path[0] === 'size_mm');

  const start = async () => {
    if (!request.success) return;
    setMessage('');
    try {
      let current = await startBatchExport(workspaceId, request.data);
      setJob(current);
      while (alive.current && (current.status === 'queued' || current.status === 'running')) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        current = await readBatchExport(workspaceId, current.id);
        if (alive.current) setJob(current);
      }
      if (current.status !== 'succeeded') setMessage(current.error ?? `The export is ${current.status}.`);
    } catch (e) {
      setMessage(errorText(e));
    }
  };

  return (
    <section className="panel" aria-labelledby="batch-title">
      <h2 id="batch-title">
        Export {selected.length} selected code{selected.length === 1 ? '' : 's'}
      </h2>
      <div className="row">
        <PrintFileFields choice={choice} onChange={setChoice} sizeInvalid={sizeInvalid} />
        <button
          type="button"
          className="primary"
          disabled={running || !request.success}
          onClick={() => void start()}
        >
          Start batch export
        </button>
        <button type="button" onClick={onClear} disabled={running}>
          Clear selection
        </button>
      </div>
      {selected.length > MAX_QR_BATCH_CODES && (
        <p className="error">
          A batch holds up to {MAX_QR_BATCH_CODES} codes; {selected.length.toLocaleString('en-US')} are
          selected.
        </p>
      )}
      {job && (running || job.status === 'succeeded') && (
        <div className="field">
          <label htmlFor="batch-progress">
            {running
              ? `Building the ZIP: ${job.progress} %`
              : `Built: ${job.file_count ?? 0} file${job.file_count === 1 ? '' : 's'} and manifest.csv`}
          </label>
          <progress id="batch-progress" max={100} value={job.progress} />
        </div>
      )}
      {job?.status === 'succeeded' && job.download_url && (
        <a
          href={job.download_url}
          download
          className="button primary"
          onClick={(e) => {
            // Through the bridge: the session token goes with it and desktop opens a save dialog.
            e.preventDefault();
            void saveBatchZip(job).then(setMessage);
          }}
        >
          Download ZIP{job.byte_size === null ? '' : ` (${Math.max(1, Math.round(job.byte_size / 1024))} KB)`}
        </a>
      )}
      <p aria-live="polite">{message}</p>
    </section>
  );
}
