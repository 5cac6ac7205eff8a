import { useState } from 'react';
import { QR_BATCH_FORMATS, type QrBatchExportView } from '@linkhub/shared/schemas/qr-exports';
import { errorText } from '../../ui/error-messages';
import { useAliveRef } from '../../ui/use-alive';
import { readBatchExport, saveBatchZip, startBatchExport } from './batch-export-api';

const FORMAT_LABELS: Record<(typeof QR_BATCH_FORMATS)[number], string> = {
  svg: 'SVG',
  png: 'PNG',
  pdf: 'PDF',
  eps: 'EPS',
};
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
  const [format, setFormat] = useState<(typeof QR_BATCH_FORMATS)[number]>('pdf');
  const [sizeMm, setSizeMm] = useState('30');
  const [dpi, setDpi] = useState<300 | 600>(300);
  const [job, setJob] = useState<QrBatchExportView | null>(null);
  const [message, setMessage] = useState('');
  const alive = useAliveRef();

  const running = job !== null && (job.status === 'queued' || job.status === 'running');
  const size = Number(sizeMm);
  const sizeError = Number.isFinite(size) && size >= 5 && size <= 1000 ? '' : 'Between 5 and 1,000 mm.';

  const start = async () => {
    setMessage('');
    try {
      let current = await startBatchExport(workspaceId, {
        qr_code_ids: selected,
        format,
        size_mm: size,
        ...(format === 'png' ? { dpi } : {}),
      });
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
        <div className="field">
          <label htmlFor="batch-format">Format</label>
          <select
            id="batch-format"
            value={format}
            onChange={(e) => setFormat(QR_BATCH_FORMATS.find((f) => f === e.target.value) ?? 'pdf')}
          >
            {QR_BATCH_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="batch-size">Width (mm)</label>
          <input
            id="batch-size"
            inputMode="numeric"
            value={sizeMm}
            onChange={(e) => setSizeMm(e.target.value)}
            aria-invalid={sizeError ? true : undefined}
            aria-describedby={sizeError ? 'batch-size-error' : undefined}
          />
          {sizeError && (
            <small id="batch-size-error" className="error">
              {sizeError}
            </small>
          )}
        </div>
        {format === 'png' && (
          <div className="field">
            <label htmlFor="batch-dpi">Resolution</label>
            <select id="batch-dpi" value={dpi} onChange={(e) => setDpi(e.target.value === '600' ? 600 : 300)}>
              <option value="300">300 DPI</option>
              <option value="600">600 DPI</option>
            </select>
          </div>
        )}
        <button
          type="button"
          className="primary"
          disabled={running || sizeError !== '' || selected.length === 0}
          onClick={() => void start()}
        >
          Start batch export
        </button>
        <button type="button" onClick={onClear} disabled={running}>
          Clear selection
        </button>
      </div>
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
