import { useId, useState } from 'react';
import { MIN_TEXT_CONTRAST } from '@linkhub/shared/blocks/contrast';
import { themeSchema, type Theme } from '@linkhub/shared/blocks/snapshot';
import { backgroundColours, readableOnAll } from '@linkhub/shared/blocks/theme-css';
import {
  BACKGROUND_KINDS,
  BUTTON_SHAPE_KEYS,
  BUTTON_STYLES,
  FONT_KEYS,
  FONT_LABELS,
} from '@linkhub/shared/blocks/theme-options';
import { contrastWarnings, MIN_BUTTON_CONTRAST } from './contrast-warnings';

const SHAPE_LABELS: Record<Theme['button_shape'], string> = {
  square: 'Square',
  rounded: 'Rounded',
  pill: 'Pill',
};
const STYLE_LABELS: Record<Theme['button_style'], string> = {
  filled: 'Filled',
  outline: 'Outline',
  soft: 'Soft',
};
const BACKGROUND_LABELS: Record<Theme['background_kind'], string> = {
  solid: 'Colour',
  gradient: 'Gradient',
  image: 'Image',
};

type Props = { theme: Theme; readOnly: boolean; onChange: (theme: Theme) => void };

function Choice<K extends string>({
  legend,
  name,
  options,
  labels,
  value,
  readOnly,
  onPick,
}: {
  legend: string;
  name: string;
  options: readonly K[];
  labels: Record<K, string>;
  value: K;
  readOnly: boolean;
  onPick: (value: K) => void;
}) {
  return (
    <fieldset className="choice">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            disabled={readOnly}
            onChange={() => onPick(option)}
          />
          {labels[option]}
        </label>
      ))}
    </fieldset>
  );
}

function Colour({
  label,
  value,
  readOnly,
  onPick,
  children,
}: {
  label: string;
  value: string;
  readOnly: boolean;
  onPick: (value: string) => void;
  children?: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="color"
        value={value}
        disabled={readOnly}
        onChange={(e) => onPick(e.target.value)}
      />
      {children}
    </div>
  );
}

/** The background image address: applied when it is a valid https URL or asset path. */
function BackgroundImage({ theme, readOnly, onChange }: Props) {
  const id = useId();
  const [typed, setTyped] = useState(theme.background_image ?? '');
  const [error, setError] = useState('');
  return (
    <form
      className="field"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = themeSchema.shape.background_image.safeParse(typed.trim());
        if (!parsed.success || parsed.data === undefined)
          return setError('Use an https:// image URL (no spaces or quotes) or an uploaded image.');
        setError('');
        onChange({ ...theme, background_image: parsed.data });
      }}
    >
      <label htmlFor={id}>Background image URL</label>
      <input
        id={id}
        type="url"
        value={typed}
        readOnly={readOnly}
        aria-invalid={error !== ''}
        aria-describedby={error === '' ? undefined : `${id}-error`}
        onChange={(e) => setTyped(e.target.value)}
      />
      {!readOnly && <button type="submit">Use this image</button>}
      {error !== '' && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </form>
  );
}

/** Every theme field, each change one page update; contrast warnings sit beside the colour they concern. */
export function ThemeFields({ theme, readOnly, onChange }: Props) {
  const fontId = useId();
  const angleId = useId();
  const set = <K extends keyof Theme>(key: K, value: Theme[K]) => onChange({ ...theme, [key]: value });
  const backgrounds = backgroundColours(theme);
  const warnings = contrastWarnings(theme);
  const gradient = theme.background_kind === 'gradient';
  return (
    <div className="theme-fields">
      <div className="field">
        <label htmlFor={fontId}>Font</label>
        <select
          id={fontId}
          value={theme.font}
          disabled={readOnly}
          onChange={(e) => {
            const font = FONT_KEYS.find((key) => key === e.target.value);
            if (font !== undefined) set('font', font);
          }}
        >
          {FONT_KEYS.map((key) => (
            <option key={key} value={key}>
              {FONT_LABELS[key]}
            </option>
          ))}
        </select>
      </div>
      <Choice
        legend="Button shape"
        name="button_shape"
        options={BUTTON_SHAPE_KEYS}
        labels={SHAPE_LABELS}
        value={theme.button_shape}
        readOnly={readOnly}
        onPick={(v) => set('button_shape', v)}
      />
      <Choice
        legend="Button style"
        name="button_style"
        options={BUTTON_STYLES}
        labels={STYLE_LABELS}
        value={theme.button_style}
        readOnly={readOnly}
        onPick={(v) => set('button_style', v)}
      />
      <Choice
        legend="Background"
        name="background_kind"
        options={BACKGROUND_KINDS}
        labels={BACKGROUND_LABELS}
        value={theme.background_kind}
        readOnly={readOnly}
        onPick={(v) => set('background_kind', v)}
      />
      <div className="row">
        <Colour
          label={gradient ? 'Gradient start colour' : 'Background colour'}
          value={theme.background}
          readOnly={readOnly}
          onPick={(v) => set('background', v)}
        />
        {gradient && (
          <Colour
            label="Gradient end colour"
            value={theme.background_to}
            readOnly={readOnly}
            onPick={(v) => set('background_to', v)}
          />
        )}
        {gradient && (
          <div className="field">
            <label htmlFor={angleId}>Gradient angle (degrees)</label>
            <input
              id={angleId}
              type="number"
              min={0}
              max={359}
              step={15}
              value={theme.gradient_angle}
              readOnly={readOnly}
              onChange={(e) => {
                const angle = themeSchema.shape.gradient_angle.safeParse(Number(e.target.value));
                if (angle.success) set('gradient_angle', angle.data);
              }}
            />
          </div>
        )}
      </div>
      {theme.background_kind === 'image' && (
        <BackgroundImage theme={theme} readOnly={readOnly} onChange={onChange} />
      )}
      <div className="row">
        <Colour label="Text colour" value={theme.text} readOnly={readOnly} onPick={(v) => set('text', v)}>
          {warnings.text !== null && (
            <p className="error" role="status">
              Text contrast is {warnings.text.toFixed(1)}:1 (needs {MIN_TEXT_CONTRAST}:1).{' '}
              {!readOnly && (
                <button type="button" onClick={() => set('text', readableOnAll('#000000', backgrounds))}>
                  Fix text colour
                </button>
              )}
            </p>
          )}
        </Colour>
        <Colour
          label="Button and link colour"
          value={theme.accent}
          readOnly={readOnly}
          onPick={(v) => set('accent', v)}
        >
          {warnings.buttons !== null && (
            <p className="error" role="status">
              Buttons stand out too little from the background ({warnings.buttons.toFixed(1)}:1, needs{' '}
              {MIN_BUTTON_CONTRAST}:1).{' '}
              {!readOnly && (
                <button type="button" onClick={() => set('accent', readableOnAll('#000000', backgrounds))}>
                  Fix button colour
                </button>
              )}
            </p>
          )}
        </Colour>
      </div>
    </div>
  );
}
