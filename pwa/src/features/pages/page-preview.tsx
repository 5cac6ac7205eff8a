import { useMemo } from 'react';
import type { BlockView, PageView } from '@linkhub/shared/sync/views';
import { SnapshotPreview } from './snapshot-preview';

/** The draft as the public will see it (visible blocks, in order). */
export function PagePreview({ page, blocks }: { page: PageView; blocks: BlockView[] }) {
  const snapshot = useMemo(
    () => ({
      id: page.id,
      workspace_id: page.workspace_id,
      handle: page.handle,
      title: page.title,
      bio: page.bio,
      theme: page.theme,
      lang: page.language,
      blocks: blocks
        .filter((b) => b.is_visible)
        .map((b) => ({ id: b.id.replace(/[^A-Za-z0-9_-]/g, ''), type: b.type, data: b.data })),
    }),
    [page, blocks],
  );
  return (
    <SnapshotPreview
      snapshot={snapshot}
      title={`Preview of @${page.handle}`}
      fallback="This draft has a block that cannot be shown yet."
    />
  );
}
