import type { WorkspaceView } from '@linkhub/shared/sync/views';

/** Picks the workspace the editor shows (only the ones this user belongs to are in the store). */
export function WorkspaceSwitcher({
  workspaces,
  current,
  onChange,
}: {
  workspaces: WorkspaceView[];
  current: string;
  onChange: (id: string) => void;
}) {
  if (workspaces.length < 2) {
    const only = workspaces.find((w) => w.id === current);
    return (
      <span className="ws-name" title={only?.name}>
        {only?.name ?? ''}
      </span>
    );
  }
  return (
    <label className="ws-switch">
      {/* The select's own name: a wrapping label would also read out the chosen option's text. */}
      <select aria-label="Workspace" value={current} onChange={(e) => onChange(e.target.value)}>
        {workspaces.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name} ({w.role})
          </option>
        ))}
      </select>
    </label>
  );
}
