import type { Theme } from '@linkhub/shared/blocks/snapshot';
import { presetOf, THEME_PRESETS, type ThemePreset } from '@linkhub/shared/themes/presets';
import { PresetPreview } from './preset-preview';

/** Every designed look as a live thumbnail; one tap applies the whole preset (one page update). */
export function PresetGallery({
  theme,
  pageTitle,
  readOnly,
  onPick,
}: {
  theme: Theme;
  pageTitle: string;
  readOnly: boolean;
  onPick: (preset: ThemePreset) => void;
}) {
  const current = presetOf(theme)?.key;
  return (
    <fieldset className="preset-gallery">
      <legend>Looks</legend>
      <ul className="preset-grid" aria-label="Looks">
        {THEME_PRESETS.map((preset) => (
          <li key={preset.key} className="preset-tile">
            <PresetPreview theme={preset.theme} title={pageTitle} name={preset.name} />
            <button
              type="button"
              aria-pressed={current === preset.key}
              disabled={readOnly}
              onClick={() => onPick(preset)}
            >
              {preset.name}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
