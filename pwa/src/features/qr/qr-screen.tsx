import { navigate } from '../../app/router';
import { useWorkspace } from '../../app/workspace-context';
import { listQrCodes, listSummaries } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { MiniChart } from '../../ui/mini-chart';
import { QrEditor } from './qr-editor';

/** `/qr` lists the codes; `/qr/new` and `/qr/{id}` open the designer. */
export default function QrScreen({ rest }: { rest: string[] }) {
  const { workspace, can } = useWorkspace();
  const ws = workspace.id;
  const codes = useSubscribe((tx) => listQrCodes(tx, ws), [], [ws]);
  const summaries = useSubscribe((tx) => listSummaries(tx, ws), {}, [ws]);
  const open = rest[0] ?? '';
  const selected = codes.find((c) => c.id === open) ?? null;
  return (
    <>
      {can('qr_code.create') && open !== 'new' && (
        <button type="button" className="primary" onClick={() => navigate('/qr/new')}>
          New QR code
        </button>
      )}
      {open === 'new' && can('qr_code.create') && <QrEditor key="new" qr={null} onDone={(id) => navigate(id ? `/qr/${id}` : '/qr')} />}
      {selected && (
        <>
          <QrEditor key={selected.id} qr={selected} onDone={() => navigate('/qr')} />
          <MiniChart summary={summaries[selected.id]} noun="scans" />
        </>
      )}
      {codes.length === 0 ? (
        <p className="muted">No QR codes yet.</p>
      ) : (
        <ul className="list">
          {codes.map((c) => (
            <li key={c.id}>
              <a
                href={`/qr/${c.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(`/qr/${c.id}`);
                }}
              >
                {c.title ?? c.slug}
              </a>
              <span className="muted">{c.destination_url}</span>
              <span>{summaries[c.id]?.totals_7d ?? 0} scans (7 d)</span>
              {c.archived_at && <span className="badge archived">archived</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
