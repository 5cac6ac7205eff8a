import { useUtmPresets } from './use-utm-presets';

/** The link editor's preset buttons: the workspace's own presets (D-623); one fills the UTM fields. */
export function UtmPresetMenu({
  workspaceId,
  onApply,
}: {
  workspaceId: string;
  onApply: (utm: Record<string, string>) => void;
}) {
  const { presets } = useUtmPresets(workspaceId);
  if (presets === null || presets.length === 0) return null;
  return (
    <div className="row" role="group" aria-label="UTM presets">
      <span className="label">Presets:</span>
      {presets.map((preset) => (
        <button key={preset.id} type="button" onClick={() => onApply(preset.utm)}>
          {preset.name}
        </button>
      ))}
    </div>
  );
}
