import { useState } from 'react';
import {
  conflictsOf,
  discardDraft,
  editDraft,
  isEdited,
  markSaved,
  rebaseDraft,
  settleConflicts,
  startDraft,
  unsavedOf,
  type DraftState,
} from './draft-rebase';

export type SyncedDraft<T extends Record<string, unknown>> = {
  /** The whole state, for the pure functions that decide what a save sends. */
  state: DraftState<T>;
  draft: T;
  set: <K extends keyof T>(key: K, value: T[K]) => void;
  edited: (key: keyof T) => boolean;
  conflicts: Array<keyof T>;
  settle: (pick: 'mine' | 'theirs') => void;
  saved: () => void;
  /** Fields whose typed value is not the synced one (what a person who can no longer save would lose). */
  unsaved: Array<keyof T>;
  discard: () => void;
};

/** A form's draft that follows the synced item (see draft-rebase.ts); `item` is the item's current form values. */
export function useSyncedDraft<T extends Record<string, unknown>>(item: T): SyncedDraft<T> {
  const [state, setState] = useState<DraftState<T>>(() => startDraft(item));
  const itemKey = JSON.stringify(item);
  const [seen, setSeen] = useState(itemKey);
  // Adjusting state while rendering (React's pattern for state derived from a changing prop).
  let current = state;
  if (seen !== itemKey) {
    current = rebaseDraft(state, item);
    setSeen(itemKey);
    setState(current);
  }
  return {
    state: current,
    draft: current.draft,
    set: (key, value) => setState((s) => editDraft(s, key, value)),
    edited: (key) => isEdited(current, key),
    conflicts: conflictsOf(current),
    settle: (pick) => setState((s) => settleConflicts(s, pick)),
    saved: () => setState((s) => markSaved(s)),
    unsaved: unsavedOf(current),
    discard: () => setState((s) => discardDraft(s)),
  };
}
