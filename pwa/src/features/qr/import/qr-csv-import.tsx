import { useState } from 'react';
import { platform } from '../../../platform/bridge';
import { errorText } from '../../../ui/error-messages';
import { useConnectionState } from '../../../ui/use-connection';
import { savePrintSheet, type PrintSheetLayout } from './bulk-api';
import { MAX_QR_IMPORT_ROWS } from './csv-rows';
import { importResultsCsv } from './results-csv';
import { useQrCsvImport } from './use-qr-csv-import';
import { useBrandKits } from '../brand-kits/brand-kits-panel';

const OFFLINE_LABEL = 'Creating codes needs a connection';
const LAYOUTS: Record<string, { label: string; layout: PrintSheetLayout }> = {
  sticker_50mm: { label: '50 mm stickers', layout: { preset: 'sticker_50mm' } },
  table_tent: { label: 'Table tents (2 a page)', layout: { preset: 'table_tent' } },
  grid_3x4: { label: '3 × 4 a page', layout: { rows: 4, columns: 3 } },
};

/**
 * Many codes from one CSV file: a preview of every row (what it becomes, or why it is refused)
 * before anything is created, the codes created 100 a request, then the result list with a results
 * CSV and a print sheet of the codes just made.
 */
export function QrCsvImport({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const { kits } = useBrandKits(workspaceId);
  const [brandKitId, setBrandKitId] = useState<string | null>(null);
  const online = useConnectionState() === 'online';
  const { phase, pick, start, retry } = useQrCsvImport(workspaceId);
  const [paper, setPaper] = useState<'a4' | 'letter'>('a4');
  const [layout, setLayout] = useState('sticker_50mm');
  const [message, setMessage] = useState<string | null>(null);
  const reading = phase.kind === 'idle' || phase.kind === 'refused' ? null : phase.reading;
  const run =
    phase.kind === 'creating' || phase.kind === 'stopped' || phase.kind === 'done' ? phase.run : null;
  const ready = reading?.ready.length ?? 0;
  const refusedRows = new Map((reading?.refused ?? []).map((r) => [r.row, r.message]));
  const preview = reading
    ? [
        ...reading.ready.map((r) => ({ row: r.row, code: r.code, error: null })),
        ...reading.refused.map((r) => ({ row: r.row, code: null, error: r.message })),
      ].sort((a, b) => a.row - b.row)
    : [];

  const saveResults = async () => {
    if (!reading || !run) return;
    const text = importResultsCsv(reading.ready, run.created, [...reading.refused, ...run.failed]);
    const saved = await platform().saveFile({
      suggestedName: `qr-import-results-${new Date().toISOString().slice(0, 10)}.csv`,
      mime: 'text/csv',
      bytes: new TextEncoder().encode(text),
    });
    setMessage(saved.saved ? 'Results CSV saved.' : 'Download cancelled.');
  };
  const saveSheet = async () => {
    if (!run) return;
    setMessage('Preparing the print sheet…');
    try {
      const chosen = LAYOUTS[layout]?.layout ?? { preset: 'sticker_50mm' };
      setMessage(
        await savePrintSheet(
          workspaceId,
          run.created.map((c) => c.id),
          paper,
          chosen,
        ),
      );
    } catch (error) {
      setMessage(errorText(error));
    }
  };

  return (
    <section className="panel csv-import" id="qr-csv-import" aria-labelledby="qr-csv-import-title">
      <h2 id="qr-csv-import-title">Create QR codes from a CSV file</h2>
      <p className="muted" id="qr-csv-import-help">
        The first row names the columns: destination_url (or url), and optionally slug, title and label (the
        frame's call to action). Up to {MAX_QR_IMPORT_ROWS} rows per file.
        {brandKitId !== null && ' Every code takes the chosen brand kit.'}
      </p>
      {kits && kits.length > 0 && (
        <div className="field">
          <label htmlFor="qr-csv-import-kit">Brand kit</label>
          <select
            id="qr-csv-import-kit"
            value={brandKitId ?? ''}
            disabled={phase.kind !== 'idle' && phase.kind !== 'refused'}
            onChange={(e) => setBrandKitId(e.target.value === '' ? null : e.target.value)}
          >
            <option value="">None (the default design)</option>
            {kits.map((kit) => (
              <option key={kit.id} value={kit.id}>
                {kit.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor="qr-csv-import-file">CSV file</label>
        <input
          id="qr-csv-import-file"
          type="file"
          accept=".csv,text/csv"
          disabled={phase.kind === 'creating'}
          aria-describedby="qr-csv-import-help"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void pick(file, brandKitId);
          }}
        />
      </div>
      {phase.kind === 'refused' && (
        <p className="error" role="alert">
          {phase.message}
        </p>
      )}
      {phase.kind === 'review' && reading && (
        <>
          <p role="status">
            {reading.total} rows read: {ready} ready to create
            {reading.refused.length > 0
              ? `, ${reading.refused.length} refused (nothing is created for them)`
              : ''}
            .
          </p>
          {reading.ignoredColumns.length > 0 && (
            <p className="muted">Columns not used: {reading.ignoredColumns.join(', ')}.</p>
          )}
          <div className="table-scroll" tabIndex={0} aria-label="Preview of the rows">
            <table className="import-preview">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Becomes</th>
                </tr>
              </thead>
              <tbody>
                {preview.map((p) => (
                  <tr key={p.row} className={p.error ? 'refused' : undefined}>
                    <td>{p.row}</td>
                    <td>
                      {p.code ? (
                        <>
                          {p.code.title ?? 'A code'} → {p.code.destination_url}
                          {p.code.slug ? ` (slug ${p.code.slug})` : ''}
                          {p.code.design ? `, label “${p.code.design.frame.label}”` : ''}
                        </>
                      ) : (
                        <span className="error">{refusedRows.get(p.row)}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {run && reading && phase.kind !== 'done' && (
        <div className="field">
          <label htmlFor="qr-csv-import-progress" aria-live="polite">
            Created {run.created.length} of {ready}
          </label>
          <progress id="qr-csv-import-progress" max={run.batches.length} value={run.answered} />
        </div>
      )}
      {phase.kind === 'stopped' && (
        <p className="error" role="alert">
          {phase.message} Try again to send the remaining rows.
        </p>
      )}
      {phase.kind === 'done' && reading && (
        <>
          <p role="status">
            Created {phase.run.created.length} of {reading.total} codes.
            {phase.run.failed.length + reading.refused.length > 0
              ? ` ${phase.run.failed.length + reading.refused.length} rows were not created (listed below).`
              : ''}
          </p>
          {[...reading.refused, ...phase.run.failed].length > 0 && (
            <ul className="import-report" tabIndex={0} aria-label="Rows not created">
              {[...reading.refused, ...phase.run.failed]
                .sort((a, b) => a.row - b.row)
                .map((line) => (
                  <li key={line.row}>
                    <strong>Row {line.row}:</strong> {line.message}
                  </li>
                ))}
            </ul>
          )}
          <ul className="import-report" tabIndex={0} aria-label="Codes created">
            {phase.run.created.map((c) => (
              <li key={c.id}>
                Row {c.row}: {c.title ?? c.short_url} — <span className="muted">{c.short_url}</span>
              </li>
            ))}
          </ul>
          {phase.run.created.length > 0 && (
            <div className="row">
              <label htmlFor="qr-sheet-paper">Paper</label>
              <select
                id="qr-sheet-paper"
                value={paper}
                onChange={(e) => setPaper(e.target.value === 'letter' ? 'letter' : 'a4')}
              >
                <option value="a4">A4</option>
                <option value="letter">Letter</option>
              </select>
              <label htmlFor="qr-sheet-layout">Layout</label>
              <select id="qr-sheet-layout" value={layout} onChange={(e) => setLayout(e.target.value)}>
                {Object.entries(LAYOUTS).map(([key, value]) => (
                  <option key={key} value={key}>
                    {value.label}
                  </option>
                ))}
              </select>
              <button type="button" className="primary" disabled={!online} onClick={() => void saveSheet()}>
                Download print sheet (PDF)
              </button>
            </div>
          )}
          <button type="button" onClick={() => void saveResults()}>
            Download results (CSV)
          </button>
        </>
      )}
      {message && <p role="status">{message}</p>}
      <div className="row">
        {phase.kind === 'review' && ready > 0 && (
          <button type="button" className="primary" disabled={!online} onClick={() => void start()}>
            {online ? `Create ${ready} code${ready === 1 ? '' : 's'}` : OFFLINE_LABEL}
          </button>
        )}
        {phase.kind === 'stopped' && (
          <button type="button" className="primary" disabled={!online} onClick={() => void retry()}>
            {online ? 'Try again' : OFFLINE_LABEL}
          </button>
        )}
        {phase.kind !== 'creating' && (
          <button type="button" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    </section>
  );
}
