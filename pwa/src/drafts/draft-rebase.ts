/**
 * An open form's draft against the item as sync keeps changing it. `base` is the item as the form last
 * took it in; a field the user has not touched follows the synced item, a field the user changed and
 * another device (or a refusal by the server) changed too becomes a conflict the user settles — never a
 * silent overwrite either way.
 */
export type DraftState<T extends Record<string, unknown>> = {
  base: T;
  draft: T;
  theirs: Partial<T>;
  /** Fields saved from this form, with the value each had before: sync bringing that value back means the server refused the change. */
  saved: Partial<T>;
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function startDraft<T extends Record<string, unknown>>(item: T): DraftState<T> {
  return { base: item, draft: item, theirs: {}, saved: {} };
}

/** Takes in the item as sync now has it. */
export function rebaseDraft<T extends Record<string, unknown>>(state: DraftState<T>, item: T): DraftState<T> {
  const base = { ...state.base };
  const draft = { ...state.draft };
  const theirs: Partial<T> = {};
  const saved: Partial<T> = {};
  for (const key of Object.keys(item) as Array<keyof T>) {
    const now = item[key];
    const refused = key in state.saved && same(now, state.saved[key]) && same(draft[key], base[key]);
    if (key in state.saved && same(now, draft[key])) saved[key] = state.saved[key];
    if (refused) {
      theirs[key] = now;
    } else if (same(now, base[key])) {
      continue;
    } else if (same(draft[key], base[key]) || same(draft[key], now)) {
      base[key] = now;
      draft[key] = now;
    } else {
      theirs[key] = now;
    }
  }
  return { base, draft, theirs, saved };
}

export function editDraft<T extends Record<string, unknown>, K extends keyof T>(
  state: DraftState<T>,
  key: K,
  value: T[K],
): DraftState<T> {
  return { ...state, draft: { ...state.draft, [key]: value } };
}

/** The fields that changed elsewhere while the user was editing them. */
export function conflictsOf<T extends Record<string, unknown>>(state: DraftState<T>): Array<keyof T> {
  return Object.keys(state.theirs) as Array<keyof T>;
}

/** Settles every conflict: `mine` keeps the typed values (the next save writes them), `theirs` loads the synced ones. */
export function settleConflicts<T extends Record<string, unknown>>(
  state: DraftState<T>,
  pick: 'mine' | 'theirs',
): DraftState<T> {
  const base = { ...state.base, ...state.theirs };
  const draft = pick === 'theirs' ? { ...state.draft, ...state.theirs } : state.draft;
  return { base, draft, theirs: {}, saved: {} };
}

/** Whether the user changed `key` since the form took the item in. */
export function isEdited<T extends Record<string, unknown>>(state: DraftState<T>, key: keyof T): boolean {
  return !same(state.draft[key], state.base[key]);
}

/** After a save of the draft, that draft is what the form expects sync to bring back. */
export function markSaved<T extends Record<string, unknown>>(state: DraftState<T>): DraftState<T> {
  const saved: Partial<T> = { ...state.saved };
  for (const key of Object.keys(state.draft) as Array<keyof T>)
    if (isEdited(state, key)) saved[key] = state.base[key];
  return { base: state.draft, draft: state.draft, theirs: {}, saved };
}

/** Drops what the user typed and whatever changed elsewhere: the form shows the synced item again. */
export function discardDraft<T extends Record<string, unknown>>(state: DraftState<T>): DraftState<T> {
  const base = { ...state.base, ...state.theirs };
  return { base, draft: base, theirs: {}, saved: {} };
}

/** Fields whose typed value is not the synced one: edited since taken in, or in conflict. */
export function unsavedOf<T extends Record<string, unknown>>(state: DraftState<T>): Array<keyof T> {
  const keys = Object.keys(state.draft) as Array<keyof T>;
  return keys.filter((key) => isEdited(state, key) || key in state.theirs);
}
