import { useEffect, useState } from 'react';
import { apiEnvelope } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { useWorkspace } from '../../workspace/workspace-context';
import { wallTimeOf } from '../../ui/zoned-time';
import { auditActor, auditSentence, type AuditActor, type AuditEntryFacts } from './audit-sentence';

type Entry = AuditEntryFacts & {
  id: string;
  occurred_at: string;
  actor: AuditActor;
  summary: string | null;
};
type Page = { entries: Entry[]; next: string | null };

async function fetchPage(ws: string, cursor: string | null): Promise<Page> {
  const { data, meta } = await apiEnvelope<Entry[]>(
    `/api/workspaces/${ws}/audit?limit=25${cursor ? `&cursor=${cursor}` : ''}`,
  );
  return { entries: data, next: meta.next_cursor ?? null };
}

/** The workspace's audit log (Owner and Admin), newest first, 25 at a time. */
export function AuditLog() {
  const { workspace, can } = useWorkspace();
  const ws = workspace.id;
  const allowed = can('audit.view');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState('');
  const load = (cursor: string | null) =>
    fetchPage(ws, cursor).then(
      (page) => {
        setEntries((shown) => (cursor ? [...shown, ...page.entries] : page.entries));
        setNext(page.next);
        setError('');
      },
      (e: unknown) => setError(errorText(e)),
    );
  useEffect(() => {
    if (allowed) void load(null);
  }, [ws, allowed]);
  if (!allowed) return null;
  return (
    <section className="panel" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      {error && <p className="error">{error}</p>}
      <table className="audit" role="table">
        <caption className="sr-only">Audit log, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When ({workspace.time_zone})</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {entries.map((e) => (
            <tr key={e.id} role="row">
              <td role="cell">{wallTimeOf(e.occurred_at, workspace.time_zone).replace('T', ' ')}</td>
              <td role="cell">{auditActor(e.actor)}</td>
              <td role="cell">
                {auditSentence(e)}
                {e.summary && <> ({e.summary})</>} <small className="muted">{e.action}</small>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {entries.length === 0 && !error && <p className="muted">Nothing recorded yet.</p>}
      {next && (
        <button type="button" onClick={() => void load(next)}>
          Show older entries
        </button>
      )}
    </section>
  );
}
