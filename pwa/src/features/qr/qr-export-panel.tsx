import { useState } from 'react';
import { QR_EXPORT_DPIS, QR_EXPORT_FORMATS, renderQrQuerySchema } from '@linkhub/shared/schemas/qr-codes';
import type { QrView } from '@linkhub/shared/sync/views';
import { fieldErrors } from '../../ui/error-messages';
import { Field } from '../../ui/field';
import { NO_OUTCOME, OutcomeLine, type Outcome } from '../../ui/outcome';
import { exportQr, type ExportFormat } from './qr-export';

const FORMAT_LABELS: Record<ExportFormat, string> = { svg: 'SVG', pdf: 'PDF', png: 'PNG', eps: 'EPS' };
type Dpi = (typeof QR_EXPORT_DPIS)[number];
const SIZE_LIMITS = renderQrQuerySchema.shape.size_mm.unwrap();
const SIZE_HINT = `Enter a size from ${SIZE_LIMITS.minValue ?? 0} to ${(SIZE_LIMITS.maxValue ?? 0).toLocaleString('en-US')} mm.`;

/**
 * A print file of one code. The size and resolution are checked with the schema the render route
 * parses, so a size it refuses is named at the field instead of being replaced by a default; what
 * the server still refuses (a PNG too large to draw) is said in its own words.
 */
export function QrExportPanel({ qr }: { qr: QrView }) {
  const [format, setFormat] = useState<ExportFormat>('svg');
  const [sizeMm, setSizeMm] = useState('40');
  const [dpi, setDpi] = useState<Dpi>(300);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(NO_OUTCOME);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    const checked = renderQrQuerySchema.safeParse({
      format,
      size_mm: sizeMm.trim() === '' ? Number.NaN : sizeMm.trim(),
      ...(format === 'png' ? { dpi } : {}),
    });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      setOutcome(NO_OUTCOME);
      return;
    }
    setErrors({});
    setBusy(true);
    setOutcome(await exportQr(qr, format, checked.data.size_mm, checked.data.dpi ?? 300));
    setBusy(false);
  };

  return (
    <fieldset>
      <legend>Export</legend>
      <div className="row">
        <div className="field">
          <label htmlFor="qr-format">Format</label>
          <select
            id="qr-format"
            value={format}
            onChange={(e) => setFormat(QR_EXPORT_FORMATS.find((f) => f === e.target.value) ?? 'svg')}
          >
            {QR_EXPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Size (mm)"
          value={sizeMm}
          onChange={setSizeMm}
          inputMode="numeric"
          error={errors.size_mm === undefined ? undefined : SIZE_HINT}
        />
        {format === 'png' && (
          <div className="field">
            <label htmlFor="qr-dpi">DPI</label>
            <select
              id="qr-dpi"
              value={dpi}
              onChange={(e) => setDpi(QR_EXPORT_DPIS.find((d) => String(d) === e.target.value) ?? 300)}
            >
              {QR_EXPORT_DPIS.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="button" disabled={busy} onClick={() => void run()}>
          Export
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </fieldset>
  );
}
