import type { SummaryView } from '@linkhub/shared/sync/views';
import type { DashboardWindow } from '@linkhub/shared/analytics/dashboard';
import { useApi } from '../../ui/use-api';
import { count } from './number-format';
import { Sparkline } from './sparkline';

type Top = { resource_id: string; resource_type: string; title: string | null; events: number };
const KIND: Record<string, string> = { link: 'Link', qr_code: 'QR code', bio_page: 'Bio page' };

/** The resources with the most events in the period, each with its 14-day trend from the synced summaries. */
export function TopResources({
  workspaceId,
  window: w,
  summaries,
  onPick,
}: {
  workspaceId: string;
  window: DashboardWindow;
  summaries: Record<string, SummaryView>;
  onPick: (id: string) => void;
}) {
  const top = useApi<Top[]>(
    `/v1/analytics/top?workspace_id=${workspaceId}&from=${encodeURIComponent(w.from)}&to=${encodeURIComponent(w.to)}&limit=8`,
  );
  return (
    <section className="an-card" aria-labelledby="an-h-top">
      <h2 id="an-h-top">Top links, QR codes and pages</h2>
      {top.error && <p className="error">{top.error}</p>}
      {top.data && top.data.length === 0 && <p className="muted">No events in this period.</p>}
      <ol className="an-top">
        {(top.data ?? []).map((r) => (
          <li key={r.resource_id}>
            <button type="button" className="link" onClick={() => onPick(r.resource_id)}>
              <span className="an-kind">{KIND[r.resource_type] ?? r.resource_type}</span>{' '}
              {r.title ?? 'Untitled'}
            </button>
            <Sparkline values={(summaries[r.resource_id]?.daily ?? []).slice(-14).map((d) => d.count)} />
            <span className="an-num">{count(r.events)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
