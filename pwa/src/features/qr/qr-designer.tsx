import type { QrDesign } from '@linkhub/shared/qr/design';
import { QR_FINDER_STYLES, QR_MODULE_SHAPES } from '@linkhub/shared/qr/design';
import { designProblems, qrSvg } from './qr-svg';

/** Colours and shapes with a live preview and the problems a scanner would have. */
export function QrDesigner({ url, design, onChange, readOnly }: { url: string; design: QrDesign; onChange: (d: QrDesign) => void; readOnly: boolean }) {
  const svg = qrSvg(url || 'https://example.com', design);
  const problems = designProblems(design);
  return (
    <div className="two">
      <fieldset>
        <legend>Design</legend>
        <div className="row">
          <div className="field">
            <label htmlFor="qr-fg">Foreground</label>
            <input id="qr-fg" type="color" value={design.fgColor} disabled={readOnly} onChange={(e) => onChange({ ...design, fgColor: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="qr-bg">Background</label>
            <input id="qr-bg" type="color" value={design.bgColor} disabled={readOnly} onChange={(e) => onChange({ ...design, bgColor: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="qr-shape">Modules</label>
            <select id="qr-shape" value={design.moduleShape} disabled={readOnly} onChange={(e) => onChange({ ...design, moduleShape: QR_MODULE_SHAPES.find((s) => s === e.target.value) ?? 'square' })}>
              {QR_MODULE_SHAPES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="qr-finder">Corners</label>
            <select id="qr-finder" value={design.finderStyle} disabled={readOnly} onChange={(e) => onChange({ ...design, finderStyle: QR_FINDER_STYLES.find((s) => s === e.target.value) ?? 'square' })}>
              {QR_FINDER_STYLES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </div>
        </div>
        <p className={problems.length === 0 ? 'ok' : 'error'} role="status">
          {problems.length === 0 ? '✓ Scannable design' : `${problems.length} problem${problems.length > 1 ? 's' : ''}`}
        </p>
        <ul>
          {problems.map((p) => (
            <li key={p.problem}>
              {p.problem}{' '}
              {!readOnly && (
                <button type="button" onClick={() => onChange({ ...design, ...p.fix })}>
                  {p.fixLabel}
                </button>
              )}
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="qr-preview">
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={`QR code for ${url}`} width={160} height={160} />
      </div>
    </div>
  );
}
