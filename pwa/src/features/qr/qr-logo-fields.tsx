import { useId, useState } from 'react';
import type { QrDesign, QrLogo } from '@linkhub/shared/qr/design';
import { LOGO_TYPES, logoDataUrl, logoFileProblem, MAX_LOGO_BYTES } from './logo-file';

type Props = { design: QrDesign; onChange: (d: QrDesign) => void; readOnly: boolean };

/** Centre logo: upload (kept in the design as a data URL, so it works offline), size, knock-out. */
export function QrLogoFields({ design, onChange, readOnly }: Props) {
  const id = useId();
  const [problem, setProblem] = useState('');
  const logo = design.logo;
  const setLogo = (next: QrLogo | null) => onChange({ ...design, logo: next });

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const refused = logoFileProblem(file);
    if (refused) return setProblem(refused);
    setProblem('');
    const dataUrl = await logoDataUrl(file);
    setLogo({
      source: { kind: 'data_url', dataUrl },
      sizeRatio: logo?.sizeRatio ?? 0.2,
      knockout: logo?.knockout ?? true,
    });
  };

  return (
    <fieldset>
      <legend>Logo</legend>
      {!readOnly && (
        <div className="field">
          <label htmlFor={`${id}-file`}>{logo ? 'Replace the logo' : 'Upload a logo'}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept={LOGO_TYPES.join(',')}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <small id={`${id}-hint`}>PNG, JPEG or SVG, up to {MAX_LOGO_BYTES / 1024} KB.</small>
          {problem && (
            <small id={`${id}-error`} className="error" role="alert">
              {problem}
            </small>
          )}
        </div>
      )}
      {logo && (
        <>
          <div className="field">
            <label htmlFor={`${id}-size`}>Logo size: {Math.round(logo.sizeRatio * 100)} % of the code</label>
            <input
              id={`${id}-size`}
              type="range"
              min={5}
              max={50}
              step={1}
              value={Math.round(logo.sizeRatio * 100)}
              disabled={readOnly}
              onChange={(e) => setLogo({ ...logo, sizeRatio: Number(e.target.value) / 100 })}
            />
          </div>
          <div className="field">
            <label>
              <input
                type="checkbox"
                checked={logo.knockout}
                disabled={readOnly}
                onChange={(e) => setLogo({ ...logo, knockout: e.target.checked })}
              />{' '}
              Clear the modules behind the logo (knock-out)
            </label>
          </div>
          {!readOnly && (
            <button type="button" onClick={() => setLogo(null)}>
              Remove the logo
            </button>
          )}
        </>
      )}
    </fieldset>
  );
}
