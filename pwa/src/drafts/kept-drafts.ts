import type { NoticeView } from '@linkhub/shared/sync/views';

/** How far the server's clock may be behind this device's when a notice is matched to a create. */
const CLOCK_SKEW_MS = 60_000;

/**
 * What the user typed into a create form, kept in memory by the new item's id until sync confirms the
 * item: when the server refuses the create, the item leaves the local store, and the form comes back
 * with the typed values and the server's notice instead of vanishing. A notice names the item by id;
 * one that names no resource (some creates are not described by the server) matches by its mutation
 * name and time.
 */
export function createKeptDrafts<T>(mutationName: string) {
  const kept = new Map<string, { draft: T; at: number }>();
  const matches = (id: string, at: number) => (n: NoticeView) =>
    n.resource_id === id ||
    (n.resource_id === null &&
      n.mutation_name === mutationName &&
      Date.parse(n.created_at) >= at - CLOCK_SKEW_MS);
  return {
    keep: (id: string, draft: T, now = Date.now()): void => void kept.set(id, { draft, at: now }),
    forget: (id: string): void => void kept.delete(id),
    /** The draft of a create the server refused, and its notice; else null. */
    refused: (id: string | null, notices: readonly NoticeView[]): { draft: T; notice: NoticeView } | null => {
      const entry = id === null ? undefined : kept.get(id);
      if (id === null || entry === undefined) return null;
      const notice = notices.find(matches(id, entry.at));
      return notice === undefined ? null : { draft: entry.draft, notice };
    },
  };
}
