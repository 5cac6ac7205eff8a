import type { QrView } from '@linkhub/shared/sync/views';
import { useState } from 'react';
import { MissingItem } from '../../ui/missing-item';
import { FirstStep } from '../../ui/first-step';
import { navigate } from '../../router/router';
import { useWorkspace } from '../../workspace/workspace-context';
import { listNotices, listQrCodes, listSummaries } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { MiniChart } from '../../ui/mini-chart';
import { displayUrl } from '../links/destination-display';
import { QrBatchExport } from './qr-batch-export';
import { keptQrDrafts, QrEditor } from './qr-editor';
import { QrCsvImport } from './import/qr-csv-import';
import { BrandKitsPanel } from './brand-kits/brand-kits-panel';

/** `/qr` lists the codes (select many to export them as one ZIP); `/qr/new` and `/qr/{id}` open the designer. */
const NO_CODES: QrView[] = [];

export default function QrScreen({ rest }: { rest: string[] }) {
  const { workspace, can } = useWorkspace();
  const ws = workspace.id;
  // null until the store first answers, so "not in this workspace" never flashes before the editor.
  const loaded = useSubscribe<QrView[] | null>((tx) => listQrCodes(tx, ws), null, [ws]);
  const codes = loaded ?? NO_CODES;
  const summaries = useSubscribe((tx) => listSummaries(tx, ws), {}, [ws]);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [importing, setImporting] = useState(false);
  const [kitsOpen, setKitsOpen] = useState(false);
  const open = rest[0] ?? '';
  const selected = codes.find((c) => c.id === open) ?? null;
  const notices = useSubscribe((tx) => listNotices(tx), [], []);
  const refused =
    selected === null && open !== 'new' && open !== '' ? keptQrDrafts.refused(open, notices) : null;
  const missing = loaded !== null && open !== '' && open !== 'new' && selected === null && refused === null;
  const canExport = can('qr_code.render');
  // Codes still waiting for their first sync have no server row to render yet.
  const exportable = codes.filter((c) => c.slug !== '');
  const chosen = exportable.filter((c) => picked.has(c.id)).map((c) => c.id);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(id);
    else next.delete(id);
    setPicked(next);
  };
  return (
    <>
      {can('qr_code.create') && open !== 'new' && (
        <button type="button" className="primary" onClick={() => navigate('/qr/new')}>
          New QR code
        </button>
      )}
      {can('qr_code.create') && open === '' && !importing && (
        <button type="button" onClick={() => setImporting(true)}>
          Create from CSV
        </button>
      )}
      {can('brand_kit.list') && open === '' && !kitsOpen && (
        <button type="button" onClick={() => setKitsOpen(true)}>
          Brand kits
        </button>
      )}
      {importing && open === '' && <QrCsvImport workspaceId={ws} onClose={() => setImporting(false)} />}
      {kitsOpen && open === '' && (
        <BrandKitsPanel
          workspaceId={ws}
          codes={exportable}
          canManage={can('brand_kit.manage')}
          onClose={() => setKitsOpen(false)}
        />
      )}
      {open === 'new' && can('qr_code.create') && (
        <QrEditor key="new" qr={null} onDone={(id) => navigate(id ? `/qr/${id}` : '/qr')} />
      )}
      {refused && (
        <QrEditor
          key={`refused-${open}`}
          qr={null}
          refused={{ draft: refused.draft, message: refused.notice.message }}
          onDone={(id) => {
            keptQrDrafts.forget(open);
            navigate(id ? `/qr/${id}` : '/qr');
          }}
        />
      )}
      {missing && <MissingItem noun="QR code" listPath="/qr" listLabel="Back to QR codes" />}
      {selected && (
        <>
          <QrEditor key={selected.id} qr={selected} onDone={() => navigate('/qr')} />
          <MiniChart summary={summaries[selected.id]} noun="scans" />
        </>
      )}
      {canExport && chosen.length > 0 && (
        <QrBatchExport workspaceId={ws} selected={chosen} onClear={() => setPicked(new Set())} />
      )}
      {loaded === null || open === 'new' ? null : codes.length === 0 ? (
        <FirstStep
          label="First QR code"
          sentence="A QR code opens your address when a phone scans it, and where it leads can change after it is printed."
          action={can('qr_code.create') ? 'Create your first QR code' : null}
          onAct={() => navigate('/qr/new')}
        />
      ) : (
        <>
          {canExport && exportable.length > 1 && (
            <label className="row">
              <input
                type="checkbox"
                checked={chosen.length === exportable.length}
                onChange={(e) => setPicked(new Set(e.target.checked ? exportable.map((c) => c.id) : []))}
              />{' '}
              Select all {exportable.length} codes for export
            </label>
          )}
          <ul className="list">
            {codes.map((c) => (
              <li key={c.id}>
                {/* The box stays beside the name it selects when the row wraps on a phone. */}
                <span className="list-lead">
                  {canExport && (
                    <input
                      type="checkbox"
                      aria-label={`Select ${c.title ?? c.slug} for export`}
                      checked={picked.has(c.id)}
                      disabled={c.slug === ''}
                      onChange={(e) => toggle(c.id, e.target.checked)}
                    />
                  )}
                  <a
                    href={`/qr/${c.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(`/qr/${c.id}`);
                    }}
                  >
                    {c.title ?? c.slug}
                  </a>
                </span>
                <span className="muted">
                  {c.destination_url === null ? null : displayUrl(c.destination_url)}
                </span>
                <span>{summaries[c.id]?.totals_7d ?? 0} scans (7 d)</span>
                {c.archived_at && <span className="badge archived">archived</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
