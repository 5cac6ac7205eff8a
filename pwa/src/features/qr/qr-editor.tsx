import { useState, type FormEvent } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { createQrCodeArgs, updateQrCodeArgs } from '@linkhub/shared/mutators/qr-codes';
import type { QrDesign } from '@linkhub/shared/qr/design';
import type { QrView } from '@linkhub/shared/sync/views';
import { Field } from '../../app/field';
import { useWorkspace } from '../../app/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { fieldErrors } from '../../ui/zod-errors';
import { shortUrl } from '../links/link-filter';
import { exportQr, type ExportFormat } from './qr-export';
import { QrDesigner } from './qr-designer';
import { designOf } from './qr-svg';

/** Create a QR code, or re-point / restyle / export one (its short URL never changes). */
export function QrEditor({ qr, onDone }: { qr: QrView | null; onDone: (id: string | null) => void }) {
  const rep = useRep();
  const { workspace, can } = useWorkspace();
  const [destination, setDestination] = useState(qr?.destination_url ?? '');
  const [title, setTitle] = useState(qr?.title ?? '');
  const [design, setDesign] = useState<QrDesign>(() => designOf(qr?.design ?? {}));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [format, setFormat] = useState<ExportFormat>('svg');
  const [sizeMm, setSizeMm] = useState('40');
  const [dpi, setDpi] = useState('300');
  const [status, setStatus] = useState('');
  const editable = qr ? can('qr_code.update') && !qr.locked : can('qr_code.create');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const base = { workspace_id: workspace.id, destination_url: destination, design, ...(title ? { title } : {}) };
    const parsed = qr ? updateQrCodeArgs.safeParse({ ...base, id: qr.id }) : createQrCodeArgs.safeParse({ ...base, id: uuidv7() });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    if (qr) {
      await rep.mutate.updateQrCode(updateQrCodeArgs.parse({ ...base, id: qr.id }));
      setStatus('Saved on this device; it syncs when online.');
    } else {
      const args = createQrCodeArgs.parse({ ...base, id: uuidv7() });
      await rep.mutate.createQrCode(args);
      onDone(args.id);
    }
  };

  const url = qr ? shortUrl(qr) : '';
  return (
    <section className="panel" aria-labelledby="qr-editor-title">
      <h2 id="qr-editor-title">{qr ? `QR code ${qr.title ?? qr.slug}` : 'New QR code'}</h2>
      {url && (
        <p>
          Encodes <code>{url}</code> (fixed forever; change where it goes below).
        </p>
      )}
      <form onSubmit={(e) => void submit(e)}>
        <Field label="Destination URL" type="url" value={destination} onChange={setDestination} error={errors.destination_url} required readOnly={!editable} />
        <Field label="Title" value={title} onChange={setTitle} error={errors.title} readOnly={!editable} />
        <QrDesigner url={url} design={design} onChange={setDesign} readOnly={!editable} />
        <div className="row">
          {editable && (
            <button type="submit" className="primary">
              {qr ? 'Save QR code' : 'Create QR code'}
            </button>
          )}
          {qr && can('qr_code.archive') && !qr.archived_at && (
            <button type="button" className="danger" onClick={() => void rep.mutate.archiveQrCode({ id: qr.id, workspace_id: workspace.id })}>
              Archive (keeps resolving)
            </button>
          )}
          {qr && can('qr_code.unarchive') && qr.archived_at && (
            <button type="button" onClick={() => void rep.mutate.restoreQrCode({ id: qr.id, workspace_id: workspace.id })}>
              Restore
            </button>
          )}
          <button type="button" onClick={() => onDone(null)}>
            Close
          </button>
        </div>
      </form>
      {qr && can('qr_code.render') && (
        <fieldset>
          <legend>Export</legend>
          <div className="row">
            <div className="field">
              <label htmlFor="qr-format">Format</label>
              <select id="qr-format" value={format} onChange={(e) => setFormat((['svg', 'pdf', 'png', 'eps'] as const).find((f) => f === e.target.value) ?? 'svg')}>
                <option value="svg">SVG</option>
                <option value="pdf">PDF</option>
                <option value="png">PNG</option>
                <option value="eps">EPS</option>
              </select>
            </div>
            <Field label="Size (mm)" value={sizeMm} onChange={setSizeMm} inputMode="numeric" />
            {format === 'png' && <Field label="DPI" value={dpi} onChange={setDpi} inputMode="numeric" />}
            <button type="button" onClick={() => void exportQr(qr, format, Number(sizeMm) || 40, Number(dpi) || 300).then(setStatus)}>
              Export
            </button>
          </div>
        </fieldset>
      )}
      {status && <p aria-live="polite">{status}</p>}
    </section>
  );
}
