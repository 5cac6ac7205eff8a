import { contrastRatio, MIN_TEXT_CONTRAST, readableOn } from '@linkhub/shared/blocks/contrast';
import { themeSchema, type Theme } from '@linkhub/shared/blocks/snapshot';

const COLOURS: Array<[keyof Pick<Theme, 'background' | 'text' | 'accent'>, string]> = [
  ['background', 'Background colour'],
  ['text', 'Text colour'],
  ['accent', 'Button and link colour'],
];

/** Theme colours with a contrast check (WCAG AA) and a one-click fix for each problem. */
export function ThemeEditor({
  theme,
  onChange,
  readOnly,
}: {
  theme: Record<string, unknown>;
  onChange: (theme: Theme) => void;
  readOnly: boolean;
}) {
  const t = themeSchema.parse(themeSchema.safeParse(theme).success ? theme : {});
  const textRatio = contrastRatio(t.text, t.background);
  const accentRatio = contrastRatio(t.accent, t.background);
  return (
    <fieldset>
      <legend>Theme</legend>
      <div className="row">
        {COLOURS.map(([key, label]) => (
          <div className="field" key={key}>
            <label htmlFor={`theme-${key}`}>{label}</label>
            <input
              id={`theme-${key}`}
              type="color"
              value={t[key]}
              disabled={readOnly}
              onChange={(e) => onChange({ ...t, [key]: e.target.value })}
            />
          </div>
        ))}
      </div>
      {textRatio < MIN_TEXT_CONTRAST && (
        <p className="error" role="status">
          Text contrast is {textRatio.toFixed(1)}:1 (needs {MIN_TEXT_CONTRAST}:1).{' '}
          {!readOnly && (
            <button type="button" onClick={() => onChange({ ...t, text: readableOn(t.background) })}>
              Fix text colour
            </button>
          )}
        </p>
      )}
      {accentRatio < 3 && (
        <p className="error" role="status">
          Buttons stand out too little from the background ({accentRatio.toFixed(1)}:1, needs 3:1).{' '}
          {!readOnly && (
            <button type="button" onClick={() => onChange({ ...t, accent: readableOn(t.background) })}>
              Fix button colour
            </button>
          )}
        </p>
      )}
    </fieldset>
  );
}
