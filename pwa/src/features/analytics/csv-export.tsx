import { useState } from 'react';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import type { DashboardFilters } from '@linkhub/shared/analytics/dashboard';
import { platform } from '../../platform/bridge';

type ExportJob = { id: string; status: string; progress: number | null; error: string | null };

/**
 * Starts a CSV export of what the view shows (the worker builds it): its period, its resource or set
 * (tag, domain) and every active filter; shows its progress, saves it via the bridge.
 */
export function CsvExport({
  workspaceId,
  resourceId,
  tag,
  domain,
  filters,
  from,
  to,
}: {
  workspaceId: string;
  resourceId: string;
  tag: string | null;
  domain: string | null;
  filters: DashboardFilters;
  from: string;
  to: string;
}) {
  const [job, setJob] = useState<ExportJob | null>(null);
  const [message, setMessage] = useState('');
  const q = `workspace_id=${workspaceId}`;

  const start = async () => {
    setMessage('');
    try {
      let current = await api<ExportJob>(`/v1/analytics/exports?${q}`, {
        body: {
          workspace_id: workspaceId,
          from,
          to,
          ...(resourceId ? { resource_id: resourceId } : {}),
          ...(tag === null ? {} : { tag }),
          ...(domain === null ? {} : { domain }),
          ...(Object.keys(filters).length > 0 ? { filters } : {}),
        },
      });
      setJob(current);
      for (let i = 0; i < 120 && (current.status === 'queued' || current.status === 'running'); i += 1) {
        await new Promise((r) => setTimeout(r, 1000));
        current = await api<ExportJob>(`/v1/analytics/exports/${current.id}?${q}`);
        setJob(current);
      }
      if (current.status !== 'succeeded')
        return setMessage(current.error ?? `The export is ${current.status}.`);
      const token = await platform().secureToken.get();
      const response = await fetch(`/v1/analytics/exports/${current.id}/download?${q}`, {
        credentials: 'same-origin',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) return setMessage(`The download failed (${response.status}).`);
      const saved = await platform().saveFile({
        suggestedName: `analytics-${from.slice(0, 10)}-${to.slice(0, 10)}.csv`,
        mime: 'text/csv',
        bytes: new Uint8Array(await response.arrayBuffer()),
      });
      setMessage(saved.saved ? 'CSV saved.' : 'Export cancelled.');
    } catch (e) {
      setMessage(errorText(e));
    }
  };

  const running = job !== null && (job.status === 'queued' || job.status === 'running');
  return (
    <div className="row">
      <button type="button" onClick={() => void start()} disabled={running}>
        Export CSV
      </button>
      {running && (
        <label>
          Building the export <progress max={100} value={job.progress ?? undefined} />
        </label>
      )}
      {message && <span aria-live="polite">{message}</span>}
    </div>
  );
}
