import { useState } from 'react';
import type { Theme } from '@linkhub/shared/blocks/snapshot';
import type { ThemePreset } from '@linkhub/shared/themes/presets';
import { parseTheme } from './parse-theme';
import { PresetGallery } from './preset-gallery';
import { ThemeFields } from './theme-fields';

/**
 * A page's look: the preset gallery, then every theme field to adjust it. Applying a preset is one
 * page update carrying the whole theme, so the page's history restores the look before it; "Undo"
 * right after does the same in one tap.
 */
export function ThemePanel({
  theme,
  pageTitle,
  readOnly,
  onChange,
}: {
  theme: Record<string, unknown>;
  pageTitle: string;
  readOnly: boolean;
  onChange: (theme: Theme) => void;
}) {
  const stored = parseTheme(theme);
  const storedKey = JSON.stringify(stored);
  // What a tap chose shows at once; the stored theme takes over when the update reaches the store.
  const [shown, setShown] = useState({ key: storedKey, theme: stored });
  if (shown.key !== storedKey) setShown({ key: storedKey, theme: stored });
  const current = shown.key === storedKey ? shown.theme : stored;
  const apply = (next: Theme) => {
    setShown({ key: storedKey, theme: next });
    onChange(next);
  };
  const [applied, setApplied] = useState<{ name: string; before: Theme } | null>(null);
  const pick = (preset: ThemePreset) => {
    setApplied({ name: preset.name, before: current });
    apply(preset.theme);
  };
  return (
    <section className="theme-panel" aria-labelledby="theme-panel-heading">
      <h2 id="theme-panel-heading">Look</h2>
      <PresetGallery theme={current} pageTitle={pageTitle} readOnly={readOnly} onPick={pick} />
      <p aria-live="polite" className="row">
        {applied !== null && (
          <>
            {applied.name} applied.{' '}
            <button
              type="button"
              onClick={() => {
                apply(applied.before);
                setApplied(null);
              }}
            >
              Undo
            </button>
          </>
        )}
      </p>
      <ThemeFields
        theme={current}
        readOnly={readOnly}
        onChange={(next) => {
          setApplied(null);
          apply(next);
        }}
      />
    </section>
  );
}
