import { useId } from 'react';
import {
  QR_EXPORT_DPIS,
  QR_EXPORT_FORMATS,
  QR_PRINT_SIZE_MM,
  type QrExportFormat,
} from '@linkhub/shared/schemas/qr-codes';
import { Field } from '../../ui/field';

export type PrintDpi = (typeof QR_EXPORT_DPIS)[number];
/** What a print file is asked for, as typed: the size stays text until it is checked. */
export type PrintFileChoice = { format: QrExportFormat; sizeMm: string; dpi: PrintDpi };

const FORMAT_LABELS: Record<QrExportFormat, string> = { svg: 'SVG', pdf: 'PDF', png: 'PNG', eps: 'EPS' };
export const PRINT_SIZE_HINT = `Enter a size from ${QR_PRINT_SIZE_MM.min} to ${QR_PRINT_SIZE_MM.max.toLocaleString('en-US')} mm.`;

/** The size as a number for the schema to judge: empty is not a size (never the schema's default). */
export function printSizeOf(choice: PrintFileChoice): number {
  const text = choice.sizeMm.trim();
  return text === '' ? Number.NaN : Number(text);
}

/** Format, printed size and (PNG only) resolution of a print file: one code's export and a batch ask the same. */
export function PrintFileFields({
  choice,
  onChange,
  sizeInvalid,
}: {
  choice: PrintFileChoice;
  onChange: (choice: PrintFileChoice) => void;
  sizeInvalid: boolean;
}) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-format`}>Format</label>
        <select
          id={`${id}-format`}
          value={choice.format}
          onChange={(e) =>
            onChange({
              ...choice,
              format: QR_EXPORT_FORMATS.find((f) => f === e.target.value) ?? choice.format,
            })
          }
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
        value={choice.sizeMm}
        onChange={(sizeMm) => onChange({ ...choice, sizeMm })}
        inputMode="numeric"
        error={sizeInvalid ? PRINT_SIZE_HINT : undefined}
      />
      {choice.format === 'png' && (
        <div className="field">
          <label htmlFor={`${id}-dpi`}>Resolution</label>
          <select
            id={`${id}-dpi`}
            value={choice.dpi}
            onChange={(e) =>
              onChange({
                ...choice,
                dpi: QR_EXPORT_DPIS.find((d) => String(d) === e.target.value) ?? choice.dpi,
              })
            }
          >
            {QR_EXPORT_DPIS.map((d) => (
              <option key={d} value={d}>
                {d} DPI
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}
