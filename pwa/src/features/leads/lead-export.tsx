import { useState } from 'react';
import { leadExportSchema, type LeadExport } from '@linkhub/shared/schemas/leads';
import { api, apiErrorOf, ApiError } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { platform } from '../../platform/bridge';

/**
 * Exports the leads (of one page, or every page) as CSV: the server's export job builds it while
 * this shows its progress; the file is saved through the platform bridge. Leads exports need a
 * recent sign-in (docs/product-rules.md#personal-data): when the server asks, the password is asked for here first.
 */
export function LeadExportButton({ workspaceId, pageId }: { workspaceId: string; pageId: string | null }) {
  const [job, setJob] = useState<LeadExport | null>(null);
  const [message, setMessage] = useState('');
  const [askPassword, setAskPassword] = useState(false);
  const [password, setPassword] = useState('');
  const q = `workspace_id=${encodeURIComponent(workspaceId)}`;

  const start = async () => {
    setMessage('');
    try {
      if (askPassword) {
        await api('/api/auth/reauthenticate', { body: { password } });
        setAskPassword(false);
        setPassword('');
      }
      let current = leadExportSchema.parse(
        await api<unknown>('/v1/leads/exports', {
          body: { workspace_id: workspaceId, ...(pageId ? { page_id: pageId } : {}) },
        }),
      );
      setJob(current);
      for (let i = 0; i < 300 && (current.status === 'queued' || current.status === 'running'); i += 1) {
        await new Promise((r) => setTimeout(r, 1000));
        current = leadExportSchema.parse(await api<unknown>(`/v1/leads/exports/${current.id}?${q}`));
        setJob(current);
      }
      if (current.status !== 'succeeded' || current.download_url === null)
        return setMessage(current.error ?? `The export is ${current.status}.`);
      const token = await platform().secureToken.get();
      const response = await fetch(current.download_url, {
        credentials: 'same-origin',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw await apiErrorOf(response);
      const saved = await platform().saveFile({
        suggestedName: `leads-${new Date().toISOString().slice(0, 10)}.csv`,
        mime: 'text/csv',
        bytes: new Uint8Array(await response.arrayBuffer()),
      });
      setMessage(saved.saved ? `CSV saved (${current.row_count ?? 0} leads).` : 'Export cancelled.');
    } catch (e) {
      if (e instanceof ApiError && e.code === 'reauthentication_required') {
        setAskPassword(true);
        return setMessage('Exporting leads needs your password again.');
      }
      setMessage(errorText(e));
    }
  };

  const running = job !== null && (job.status === 'queued' || job.status === 'running');
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        void start();
      }}
    >
      {askPassword && (
        <label>
          Password{' '}
          <input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
      )}
      <button type="submit" disabled={running}>
        Export CSV
      </button>
      {running && (
        <progress max={100} value={job.progress} aria-label="Export progress">
          {job.progress} %
        </progress>
      )}
      <span role="status">{message}</span>
    </form>
  );
}
