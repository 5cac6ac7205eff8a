import { useConnectionState } from '../../../ui/use-connection';
import { MAX_IMPORT_ROWS } from './csv-rows';
import { progressText, reportLines, reviewText, summaryText } from './import-report';
import { answeredRows } from './import-run';
import { useCsvImport } from './use-csv-import';
import { listFolders } from '../../../replicache/queries';
import { useSubscribe } from '../../../replicache/use-subscribe';
import { folderIdByName } from '../folders/folder-tree';

const OFFLINE_LABEL = 'Import needs a connection';

/** Picks a CSV file, shows the rows refused before sending, imports the rest with progress, then reports every row not imported. */
export function CsvImport({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const online = useConnectionState() === 'online';
  const folders = useSubscribe((tx) => listFolders(tx, workspaceId), [], [workspaceId]);
  const { phase, pick, start, resume, stop } = useCsvImport(workspaceId, folderIdByName(folders));
  const importing = phase.kind === 'importing';
  const reading = phase.kind === 'idle' || phase.kind === 'refused' ? null : phase.reading;
  const run =
    phase.kind === 'importing' || phase.kind === 'stopped' || phase.kind === 'done' ? phase.run : null;
  const lines = reading ? reportLines(reading.refused, run?.failed ?? []) : [];
  const sent = run ? answeredRows(run) : 0;
  const ready = reading?.ready.length ?? 0;

  return (
    <section className="panel csv-import" id="csv-import" aria-labelledby="csv-import-title">
      <h2 id="csv-import-title">Import links from a CSV file</h2>
      <p className="muted" id="csv-import-help">
        The first row names the columns: destination_url (or url), and optionally slug, title and tags
        (separate tags with commas, | or ;). Up to {MAX_IMPORT_ROWS.toLocaleString('en-US')} rows per file.
      </p>
      <div className="field">
        <label htmlFor="csv-import-file">CSV file</label>
        <input
          id="csv-import-file"
          type="file"
          accept=".csv,text/csv"
          disabled={importing}
          aria-describedby="csv-import-help"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void pick(file);
          }}
        />
      </div>
      {phase.kind === 'refused' && (
        <p className="error" role="alert">
          {phase.message}
        </p>
      )}
      {phase.kind === 'review' && reading && <p role="status">{reviewText(reading.total, ready)}</p>}
      {reading && reading.ignoredColumns.length > 0 && (
        <p className="muted">Columns not imported: {reading.ignoredColumns.join(', ')}.</p>
      )}
      {run && reading && phase.kind !== 'done' && (
        <div className="field">
          <label htmlFor="csv-import-progress" aria-live="polite">
            {progressText(run.created, reading.total)}
          </label>
          <progress id="csv-import-progress" max={ready} value={sent} />
        </div>
      )}
      {phase.kind === 'stopped' && (
        <p className={phase.message ? 'error' : 'muted'} role="alert">
          {phase.message ?? 'You stopped the import.'} Resume to send the remaining rows.
        </p>
      )}
      {phase.kind === 'done' && reading && (
        <p role="status">
          {summaryText(reading.total, phase.run.created)} New links appear in the list as they sync.
        </p>
      )}
      {lines.length > 0 && (
        <section aria-labelledby="csv-import-report-title">
          <h3 id="csv-import-report-title">
            {phase.kind === 'review' ? 'Rows that will not be imported' : 'Rows not imported'}
          </h3>
          <ul className="import-report" tabIndex={0} aria-labelledby="csv-import-report-title">
            {lines.map((line) => (
              <li key={line.row}>
                <strong>Row {line.row}:</strong> {line.message}
              </li>
            ))}
          </ul>
          <p className="muted">Rows are numbered as a spreadsheet shows them: the header is row 1.</p>
        </section>
      )}
      <div className="row">
        {phase.kind === 'review' && ready > 0 && (
          <button type="button" className="primary" disabled={!online} onClick={() => void start()}>
            {online ? `Import ${ready.toLocaleString('en-US')} link${ready === 1 ? '' : 's'}` : OFFLINE_LABEL}
          </button>
        )}
        {phase.kind === 'stopped' && (
          <button type="button" className="primary" disabled={!online} onClick={() => void resume()}>
            {online ? 'Resume import' : OFFLINE_LABEL}
          </button>
        )}
        {importing ? (
          <button type="button" onClick={stop}>
            Stop
          </button>
        ) : (
          <button type="button" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    </section>
  );
}
