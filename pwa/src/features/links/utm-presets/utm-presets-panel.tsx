import type { UtmPreset } from '@linkhub/shared/schemas/utm-presets';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../ui/field';
import { errorText } from '../../../ui/error-messages';
import { UTM_KEYS } from '../link-diff';
import { deleteUtmPreset, saveUtmPreset } from './presets-api';
import { useUtmPresets } from './use-utm-presets';

const EMPTY = { name: '', utm: {} as Record<string, string> };

/**
 * The workspace's UTM presets (D-623): every member sees them; whoever may make links adds, changes
 * and deletes them. Links made with a preset keep their own values.
 */
export function UtmPresetsPanel({
  workspaceId,
  canManage,
  onClose,
}: {
  workspaceId: string;
  canManage: boolean;
  onClose: () => void;
}) {
  const { presets, error, reload } = useUtmPresets(workspaceId);
  const [editing, setEditing] = useState<{ id?: string; name: string; utm: Record<string, string> }>(EMPTY);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const utm = Object.fromEntries(Object.entries(editing.utm).filter(([, v]) => v.trim() !== ''));
    try {
      const saved = await saveUtmPreset(workspaceId, { ...editing, name: editing.name.trim(), utm });
      setMessage(`Saved the preset “${saved.name}”.`);
      setEditing(EMPTY);
      reload();
    } catch (err) {
      setMessage(errorText(err));
    }
  };
  const remove = async (preset: UtmPreset) => {
    try {
      await deleteUtmPreset(workspaceId, preset.id);
      setMessage(`Deleted “${preset.name}”. Links made with it keep their UTM values.`);
      reload();
    } catch (err) {
      setMessage(errorText(err));
    }
  };

  return (
    <section className="panel" id="utm-presets" aria-labelledby="utm-presets-title">
      <h2 id="utm-presets-title">UTM presets</h2>
      {error && <p className="error">{error}</p>}
      {presets === null && !error && <p className="muted">Loading…</p>}
      {presets?.length === 0 && <p className="muted">No UTM presets yet.</p>}
      {presets && presets.length > 0 && (
        <ul className="list">
          {presets.map((preset) => (
            <li key={preset.id}>
              <span className="list-lead">
                <strong>{preset.name}</strong>{' '}
                <small className="muted">
                  {Object.entries(preset.utm)
                    .map(([k, v]) => `utm_${k}=${v}`)
                    .join(' · ')}
                </small>
              </span>
              {canManage && (
                <span className="row">
                  <button type="button" onClick={() => setEditing({ ...preset })}>
                    Edit {preset.name}
                  </button>
                  <button type="button" className="danger" onClick={() => void remove(preset)}>
                    Delete {preset.name}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <form onSubmit={(e) => void submit(e)} aria-label={editing.id ? 'Edit UTM preset' : 'New UTM preset'}>
          <Field
            label="Preset name"
            value={editing.name}
            onChange={(name) => setEditing({ ...editing, name })}
            required
          />
          <div className="two">
            {UTM_KEYS.map((k) => (
              <Field
                key={k}
                label={`Preset utm_${k}`}
                value={editing.utm[k] ?? ''}
                onChange={(v) => setEditing({ ...editing, utm: { ...editing.utm, [k]: v } })}
              />
            ))}
          </div>
          <div className="row">
            <button type="submit" className="primary" disabled={editing.name.trim() === ''}>
              {editing.id ? 'Save preset' : 'Add preset'}
            </button>
            {editing.id && (
              <button type="button" onClick={() => setEditing(EMPTY)}>
                Cancel edit
              </button>
            )}
          </div>
        </form>
      )}
      {message && <p aria-live="polite">{message}</p>}
      <button type="button" onClick={onClose}>
        Close presets
      </button>
    </section>
  );
}
