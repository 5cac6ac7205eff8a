import type { NoticeView } from '@linkhub/shared/sync/views';

/**
 * What the user typed into a create form, kept in memory by the new item's id until sync confirms the
 * item: when the server refuses the create, the item leaves the local store, and the form comes back
 * with the typed values and the server's notice instead of vanishing.
 */
export function createKeptDrafts<T>() {
  const kept = new Map<string, T>();
  return {
    keep: (id: string, draft: T): void => void kept.set(id, draft),
    forget: (id: string): void => void kept.delete(id),
    /** The draft of a create the server refused (a notice names the id), else null. */
    refused: (id: string | null, notices: readonly NoticeView[]): { draft: T; notice: NoticeView } | null => {
      if (id === null) return null;
      const draft = kept.get(id);
      const notice = notices.find((n) => n.resource_id === id);
      return draft !== undefined && notice !== undefined ? { draft, notice } : null;
    },
  };
}
