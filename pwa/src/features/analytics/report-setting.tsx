import { useState } from 'react';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { useApi } from '../../ui/use-api';

type Setting = { frequency: 'off' | 'weekly' | 'monthly' };

/** The member's own report mail for this workspace: off, every Monday (last week), or every 1st (last month). */
export function ReportSetting({ workspaceId }: { workspaceId: string }) {
  const current = useApi<Setting>(`/v1/analytics/reports?workspace_id=${workspaceId}`);
  const [saved, setSaved] = useState('');
  const [error, setError] = useState('');
  if (current.data === null) return current.error ? <p className="error">{current.error}</p> : null;
  const change = async (frequency: Setting['frequency']) => {
    setError('');
    setSaved('');
    try {
      await api(`/v1/analytics/reports?workspace_id=${workspaceId}`, { method: 'PUT', body: { frequency } });
      current.reload();
      setSaved(frequency === 'off' ? 'No more report mails.' : `You will get a ${frequency} report by mail.`);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <div className="field an-report">
      <label htmlFor="an-report">Email me a report</label>
      <select
        id="an-report"
        value={current.data.frequency}
        onChange={(e) => {
          const v = e.target.value;
          if (v === 'off' || v === 'weekly' || v === 'monthly') void change(v);
        }}
      >
        <option value="off">Off</option>
        <option value="weekly">Weekly (Mondays, last week)</option>
        <option value="monthly">Monthly (the 1st, last month)</option>
      </select>
      <span className="muted" role="status">
        {saved}
      </span>
      {error && <span className="error">{error}</span>}
    </div>
  );
}
