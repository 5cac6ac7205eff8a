import { lazy, Suspense, useMemo, useState } from 'react';
import { capabilities } from '@linkhub/shared/permissions/capabilities';
import { MATRIX } from '@linkhub/shared/permissions/matrix';
import type { Rep } from '../replicache/create-rep';
import { listWorkspaces } from '../replicache/queries';
import { useSubscribeOn } from '../replicache/use-subscribe';
import { navigate, usePath } from '../router/router';
import { QuietLoading } from '../ui/quiet-loading';
import { Frame } from './frame';
import { parsePath } from './sections';
import { rememberWorkspace, storedWorkspace, type SessionUser } from '../session/session';
import { WorkspaceContext, type WorkspaceContextValue } from '../workspace/workspace-context';

/** Only an account without a workspace sees it (less script on startup). */
const NoWorkspace = lazy(() =>
  import('../features/settings/no-workspace').then((m) => ({ default: m.NoWorkspace })),
);

/** Chooses the current workspace from the local store and derives the capability set for it. */
export function WorkspaceGate({
  rep,
  user,
  onSignOut,
}: {
  rep: Rep;
  user: SessionUser;
  onSignOut: () => void;
}) {
  const workspaces = useSubscribeOn(rep, listWorkspaces, null, []);
  const [chosen, setChosen] = useState<string | null>(() => storedWorkspace());
  // A deep link `/workspace/{id}` (desktop openWorkspace, the browser bridge) picks the workspace.
  const deepLinked = /^\/workspace\/([0-9a-f-]{36})/i.exec(usePath())?.[1];
  if (deepLinked && deepLinked !== chosen) {
    rememberWorkspace(deepLinked);
    setChosen(deepLinked);
  }
  const workspace = workspaces?.find((w) => w.id === chosen) ?? workspaces?.[0] ?? null;
  const value = useMemo<WorkspaceContextValue | null>(() => {
    if (!workspace) return null;
    const caps = capabilities(workspace.role, workspace.is_scoped, workspace.plan);
    return {
      workspace,
      user,
      // A workspace whose writes are blocked (billing) shows no edit controls either.
      can: (action) => caps[action].allowed && !(workspace.writes_blocked && MATRIX[action].kind === 'write'),
      capability: (action) => caps[action],
      switchWorkspace: (id) => {
        rememberWorkspace(id);
        setChosen(id);
        // An open editor belongs to the workspace being left: show the same section's list of the
        // new one instead, so nothing of the old workspace stays on screen to be saved (D-525).
        if (id !== workspace.id) navigate(`/${parsePath(window.location.pathname).section}`);
      },
    };
  }, [workspace, user]);

  if (workspaces === null) return <QuietLoading>Loading your workspace…</QuietLoading>;
  if (!value)
    return (
      <Suspense fallback={<p className="loading">Loading…</p>}>
        <NoWorkspace onSignOut={onSignOut} />
      </Suspense>
    );
  return (
    <WorkspaceContext.Provider value={value}>
      <Frame rep={rep} workspaces={workspaces} onSwitch={value.switchWorkspace} onSignOut={onSignOut} />
    </WorkspaceContext.Provider>
  );
}
