import { useState } from 'react';
import { renderQrQuerySchema } from '@linkhub/shared/schemas/qr-codes';
import type { QrView } from '@linkhub/shared/sync/views';
import { fieldErrors } from '../../ui/error-messages';
import { NO_OUTCOME, OutcomeLine, type Outcome } from '../../ui/outcome';
import { PrintFileFields, printSizeOf, type PrintFileChoice } from './print-file-fields';
import { exportQr } from './qr-export';

/**
 * A print file of one code. The size and resolution are checked with the schema the render route
 * parses, so a size it refuses is named at the field instead of being replaced by a default; what
 * the server still refuses (a PNG too large to draw) is said in its own words.
 */
export function QrExportPanel({ qr }: { qr: QrView }) {
  const [choice, setChoice] = useState<PrintFileChoice>({ format: 'svg', sizeMm: '40', dpi: 300 });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(NO_OUTCOME);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    const checked = renderQrQuerySchema.safeParse({
      format: choice.format,
      size_mm: printSizeOf(choice),
      ...(choice.format === 'png' ? { dpi: choice.dpi } : {}),
    });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      setOutcome(NO_OUTCOME);
      return;
    }
    setErrors({});
    setBusy(true);
    setOutcome(await exportQr(qr, checked.data.format, checked.data.size_mm, checked.data.dpi ?? 300));
    setBusy(false);
  };

  return (
    <fieldset>
      <legend>Export</legend>
      <div className="row">
        <PrintFileFields choice={choice} onChange={setChoice} sizeInvalid={errors.size_mm !== undefined} />
        <button type="button" disabled={busy} onClick={() => void run()}>
          Export
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </fieldset>
  );
}
