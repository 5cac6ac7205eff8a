import { useState } from 'react';
import type { ImportRowResult } from '@linkhub/shared/imports/api';
import { IMPORT_SOURCES, type ImportSource } from '@linkhub/shared/imports/sources';
import { ApiError } from '../../../api/api';
import { useConnectionState } from '../../../ui/use-connection';
import { importFromPeer, resultSummary, ROW_STATUS_TEXT } from './peer-import-api';

type Phase =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'preview'; content: string; rows: ImportRowResult[] }
  | { kind: 'importing'; rows: ImportRowResult[] }
  | { kind: 'done'; rows: ImportRowResult[] }
  | { kind: 'refused'; message: string };

const SOURCES = Object.entries(IMPORT_SOURCES) as Array<[ImportSource, string]>;

function note(row: ImportRowResult): string {
  if (row.error !== null) return row.error.message;
  return row.imported_clicks === null
    ? ''
    : `${row.imported_clicks.toLocaleString('en-US')} clicks kept as history`;
}

/**
 * Another product's export in: the file is checked first (a dry run: every row's result, nothing
 * created), then imported on the person's word; rows already imported stay as they are.
 */
export function PeerImport({ workspaceId, onClose }: { workspaceId: string; onClose: () => void }) {
  const online = useConnectionState() === 'online';
  const [source, setSource] = useState<ImportSource>('bitly');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const refusal = (error: unknown): Phase => ({
    kind: 'refused',
    message: error instanceof ApiError ? error.message : 'The import could not be sent. Try again.',
  });

  const check = async (file: File) => {
    setPhase({ kind: 'checking' });
    try {
      const content = await file.text();
      setPhase({ kind: 'preview', content, rows: await importFromPeer(workspaceId, source, content, true) });
    } catch (error) {
      setPhase(refusal(error));
    }
  };
  const run = async (content: string, rows: ImportRowResult[]) => {
    setPhase({ kind: 'importing', rows });
    try {
      setPhase({ kind: 'done', rows: await importFromPeer(workspaceId, source, content, false) });
    } catch (error) {
      setPhase(refusal(error));
    }
  };
  const rows =
    phase.kind === 'preview' || phase.kind === 'importing' || phase.kind === 'done' ? phase.rows : [];
  const creatable = rows.filter((r) => r.status === 'would_create').length;

  return (
    <section className="panel csv-import" aria-labelledby="peer-import-title">
      <h2 id="peer-import-title">Import from another product</h2>
      <p className="muted" id="peer-import-help">
        The export its dashboard downloads (CSV) or its API answers (JSON). Slugs, titles, tags, expiry dates
        and click totals come along; links on one of your own domains keep it, the others move to your link
        domain with the same slug. You see every row’s result before anything is created.
      </p>
      <div className="field">
        <label htmlFor="peer-import-source">Product</label>
        <select
          id="peer-import-source"
          value={source}
          disabled={phase.kind === 'checking' || phase.kind === 'importing'}
          onChange={(e) => {
            const picked = SOURCES.find(([key]) => key === e.target.value);
            if (picked) setSource(picked[0]);
            setPhase({ kind: 'idle' });
          }}
        >
          {SOURCES.map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="peer-import-file">Export file</label>
        <input
          id="peer-import-file"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          aria-describedby="peer-import-help"
          disabled={!online || phase.kind === 'checking' || phase.kind === 'importing'}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void check(file);
          }}
        />
      </div>
      {phase.kind === 'checking' && <p role="status">Checking every row…</p>}
      {phase.kind === 'importing' && <p role="status">Importing…</p>}
      {phase.kind === 'refused' && (
        <p className="error" role="alert">
          {phase.message}
        </p>
      )}
      {rows.length > 0 && (
        <>
          <p role="status">
            {phase.kind === 'done' ? 'Imported: ' : 'Checked: '}
            {resultSummary(rows)}.
          </p>
          <div className="import-results-scroll" tabIndex={0} aria-label="Rows of the file">
            <table className="import-results">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Result</th>
                  <th scope="col">Short link</th>
                  <th scope="col">Destination</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.row}>
                    <td>{row.row}</td>
                    <td>{ROW_STATUS_TEXT[row.status]}</td>
                    <td>{row.domain !== null && row.slug !== null ? `${row.domain}/${row.slug}` : ''}</td>
                    <td className="wrap">{row.destination_url ?? ''}</td>
                    <td className="wrap">{note(row)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <div className="row">
        {phase.kind === 'preview' && creatable > 0 && (
          <button
            type="button"
            className="primary"
            disabled={!online}
            onClick={() => void run(phase.content, phase.rows)}
          >
            {online
              ? `Import ${creatable.toLocaleString('en-US')} link${creatable === 1 ? '' : 's'}`
              : 'Import needs a connection'}
          </button>
        )}
        <button type="button" onClick={onClose} disabled={phase.kind === 'importing'}>
          Close
        </button>
      </div>
    </section>
  );
}
