import { isEdited, type DraftState } from './draft-rebase';

/**
 * The fields a form changed, and for each the value it started from (D-500): what an update sends as
 * its `base`, so the server keeps a newer value someone else saved meanwhile instead of overwriting it.
 */
export function editedWithBase<T extends Record<string, unknown>>(
  state: DraftState<T>,
): { changed: Partial<T>; base: Partial<T> } {
  const changed: Partial<T> = {};
  const base: Partial<T> = {};
  for (const key of Object.keys(state.draft) as Array<keyof T>) {
    if (!isEdited(state, key)) continue;
    changed[key] = state.draft[key];
    base[key] = state.base[key];
  }
  return { changed, base };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A merged object field (a block's data): the keys that differ from where the form started, and
 * the started value of each, as `{data: {...}}` and `base: {data: {...}}` carry them.
 */
export function changedKeys<V>(
  started: Readonly<Record<string, V>>,
  now: Readonly<Record<string, V>>,
): { changed: Record<string, V>; base: Record<string, V | null> } {
  const changed: Record<string, V> = {};
  const base: Record<string, V | null> = {};
  for (const [key, value] of Object.entries(now)) {
    if (same(started[key], value)) continue;
    changed[key] = value;
    base[key] = started[key] ?? null;
  }
  return { changed, base };
}
