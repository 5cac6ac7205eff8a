import {
  QR_DESIGN_EC_LEVELS,
  QR_FINDER_STYLES,
  QR_MODULE_SHAPES,
  type QrDesign,
} from '@linkhub/shared/qr/design';
import { QrFrameFields } from './qr-frame-fields';
import { QrLogoFields } from './qr-logo-fields';
import { locallyDrawable, qrSvg, useLabelOutlines } from './qr-svg';
import { allDesignProblems } from './save-blocker';
import { EditPreview } from '../../ui/edit-preview';

const EC_LABELS: Record<(typeof QR_DESIGN_EC_LEVELS)[number], string> = {
  auto: 'Automatic (M, or H with a logo)',
  M: 'M (15 %)',
  Q: 'Q (25 %)',
  H: 'H (30 %)',
};

/** Colours, shapes, logo and frame with a live preview and the problems a scanner would have (one-click fixes). */
export function QrDesigner({
  url,
  checkUrl = url,
  design,
  onChange,
  readOnly,
}: {
  url: string;
  /** The text the checks and the preview encode: `url`, or for a new code one of the same shape (D-477). */
  checkUrl?: string;
  design: QrDesign;
  onChange: (d: QrDesign) => void;
  readOnly: boolean;
}) {
  const outlines = useLabelOutlines();
  const svg = qrSvg(checkUrl || 'https://example.com', design, outlines);
  const problems = allDesignProblems(checkUrl, design);
  const { logoLeftOut } = locallyDrawable(design);
  return (
    <EditPreview
      label="QR code design"
      previewClassName="qr-preview"
      preview={
        <>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt={`Preview of the QR code for ${url || 'this code'}${design.frame ? `, framed with “${design.frame.label}”` : ''}${design.logo ? ', with a logo' : ''}`}
            width={200}
          />
          {logoLeftOut && (
            <p className="muted">
              The uploaded logo is drawn in print exports; this preview leaves its area clear.
            </p>
          )}
        </>
      }
    >
      <div>
        <fieldset>
          <legend>Design</legend>
          <div className="row">
            <div className="field">
              <label htmlFor="qr-fg">Foreground</label>
              <input
                id="qr-fg"
                type="color"
                value={design.fgColor}
                disabled={readOnly}
                onChange={(e) => onChange({ ...design, fgColor: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor="qr-bg">Background</label>
              <input
                id="qr-bg"
                type="color"
                value={design.bgColor}
                disabled={readOnly}
                onChange={(e) => onChange({ ...design, bgColor: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor="qr-shape">Modules</label>
              <select
                id="qr-shape"
                value={design.moduleShape}
                disabled={readOnly}
                onChange={(e) =>
                  onChange({
                    ...design,
                    moduleShape: QR_MODULE_SHAPES.find((s) => s === e.target.value) ?? 'square',
                  })
                }
              >
                {QR_MODULE_SHAPES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="qr-finder">Corners</label>
              <select
                id="qr-finder"
                value={design.finderStyle}
                disabled={readOnly}
                onChange={(e) =>
                  onChange({
                    ...design,
                    finderStyle: QR_FINDER_STYLES.find((s) => s === e.target.value) ?? 'square',
                  })
                }
              >
                {QR_FINDER_STYLES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="qr-ec">Error correction</label>
              <select
                id="qr-ec"
                value={design.errorCorrection}
                disabled={readOnly}
                onChange={(e) =>
                  onChange({
                    ...design,
                    errorCorrection: QR_DESIGN_EC_LEVELS.find((s) => s === e.target.value) ?? 'auto',
                  })
                }
              >
                {QR_DESIGN_EC_LEVELS.map((s) => (
                  <option key={s} value={s}>
                    {EC_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="qr-margin">Quiet zone (modules)</label>
              <input
                id="qr-margin"
                type="number"
                min={0}
                max={16}
                value={design.margin}
                readOnly={readOnly}
                onChange={(e) =>
                  onChange({
                    ...design,
                    margin: Math.max(0, Math.min(16, Math.round(Number(e.target.value) || 0))),
                  })
                }
              />
            </div>
          </div>
        </fieldset>
        <QrLogoFields design={design} onChange={onChange} readOnly={readOnly} />
        <QrFrameFields design={design} onChange={onChange} readOnly={readOnly} />
        <div className="qr-check">
          <p
            id="qr-check-title"
            className={problems.length === 0 ? 'ok' : 'error'}
            role="status"
            data-problems={problems.length}
          >
            {problems.length === 0
              ? '✓ Scannable design'
              : `${problems.length} problem${problems.length > 1 ? 's' : ''} to fix before it prints`}
          </p>
          <ul>
            {problems.map((p) => (
              <li key={p.key}>
                {p.message}{' '}
                {!readOnly && (
                  <button type="button" onClick={() => onChange(p.fixed)}>
                    {p.fixLabel}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </EditPreview>
  );
}
