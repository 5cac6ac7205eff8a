import { useId } from 'react';
import { QR_FRAME_FONTS, type QrDesign, type QrFrame } from '@linkhub/shared/qr/design';

type Props = { design: QrDesign; onChange: (d: QrDesign) => void; readOnly: boolean };

const FONT_LABELS: Record<(typeof QR_FRAME_FONTS)[number], string> = {
  sans: 'Sans-serif',
  serif: 'Serif',
  mono: 'Monospace',
};
/** The schema's label limit, so typing stops where the save would refuse. */
const MAX_LABEL = 40;

/** An optional frame around the code with a call-to-action label under it ("SCAN ME"). */
export function QrFrameFields({ design, onChange, readOnly }: Props) {
  const id = useId();
  const frame = design.frame;
  const setFrame = (next: QrFrame | null) => onChange({ ...design, frame: next });
  return (
    <fieldset>
      <legend>Frame</legend>
      <div className="field">
        <label>
          <input
            type="checkbox"
            checked={frame !== null}
            disabled={readOnly}
            onChange={(e) =>
              setFrame(
                e.target.checked
                  ? { label: 'SCAN ME', font: 'sans', color: design.fgColor, textColor: design.bgColor }
                  : null,
              )
            }
          />{' '}
          Frame with a call to action
        </label>
      </div>
      {frame && (
        <div className="row">
          <div className="field">
            <label htmlFor={`${id}-label`}>Call to action</label>
            <input
              id={`${id}-label`}
              value={frame.label}
              maxLength={MAX_LABEL}
              readOnly={readOnly}
              aria-invalid={frame.label.trim() === '' ? true : undefined}
              aria-describedby={`${id}-label-hint`}
              // An empty label is kept while typing; the save refuses it (the schema needs 1–40 characters).
              onChange={(e) => setFrame({ ...frame, label: e.target.value })}
            />
            <small id={`${id}-label-hint`}>
              {frame.label.trim() === ''
                ? 'Write a label, or turn the frame off.'
                : `${frame.label.length}/${MAX_LABEL} characters`}
            </small>
          </div>
          <div className="field">
            <label htmlFor={`${id}-font`}>Label font</label>
            <select
              id={`${id}-font`}
              value={frame.font}
              disabled={readOnly}
              onChange={(e) =>
                setFrame({ ...frame, font: QR_FRAME_FONTS.find((f) => f === e.target.value) ?? 'sans' })
              }
            >
              {QR_FRAME_FONTS.map((f) => (
                <option key={f} value={f}>
                  {FONT_LABELS[f]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-color`}>Frame colour</label>
            <input
              id={`${id}-color`}
              type="color"
              value={frame.color}
              disabled={readOnly}
              onChange={(e) => setFrame({ ...frame, color: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-text`}>Label colour</label>
            <input
              id={`${id}-text`}
              type="color"
              value={frame.textColor}
              disabled={readOnly}
              onChange={(e) => setFrame({ ...frame, textColor: e.target.value })}
            />
          </div>
        </div>
      )}
    </fieldset>
  );
}
