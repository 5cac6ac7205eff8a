import type { PageView } from '@linkhub/shared/sync/views';

/** The sentence to show when a page of this workspace already has the handle (the server would refuse it), else null. */
export function handleTaken(pages: readonly Pick<PageView, 'handle'>[], handle: string): string | null {
  const wanted = handle.trim().toLowerCase();
  if (wanted === '') return null;
  return pages.some((p) => p.handle === wanted) ? `Another page already uses the handle “${wanted}”.` : null;
}
