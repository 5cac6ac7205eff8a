import { createContext, useContext } from 'react';
import type { Capability } from '@linkhub/shared/permissions/capabilities';
import type { Action } from '@linkhub/shared/permissions/matrix';
import type { WorkspaceView } from '@linkhub/shared/sync/views';
import type { SessionUser } from '../session/session';

export type WorkspaceContextValue = {
  workspace: WorkspaceView;
  user: SessionUser;
  can: (action: Action) => boolean;
  capability: (action: Action) => Capability;
  /** Opens another of the user's workspaces (one the local store holds). */
  switchWorkspace: (id: string) => void;
};

export const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

/** The current workspace, the signed-in user and what they may do there (capability-driven UI). */
export function useWorkspace(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace outside <WorkspaceContext.Provider>');
  return value;
}
