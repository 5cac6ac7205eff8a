import { useMemo } from 'react';
import { renderBioPage } from '@linkhub/shared/blocks/render-page';
import { pageSnapshotSchema } from '@linkhub/shared/blocks/snapshot';
import type { BlockView, PageView } from '@linkhub/shared/sync/views';

/** The draft as the public will see it: the edge's own renderer, in a sandboxed frame (no scripts). */
export function PagePreview({ page, blocks }: { page: PageView; blocks: BlockView[] }) {
  const html = useMemo(() => {
    const snapshot = pageSnapshotSchema.safeParse({
      id: page.id,
      workspace_id: page.workspace_id,
      handle: page.handle,
      title: page.title,
      bio: page.bio,
      theme: page.theme,
      blocks: blocks.filter((b) => b.is_visible).map((b) => ({ id: b.id.replace(/[^A-Za-z0-9_-]/g, ''), type: b.type, data: b.data })),
    });
    if (!snapshot.success) return '<!doctype html><p>This draft has a block that cannot be shown yet.</p>';
    return renderBioPage(snapshot.data, { nonce: 'preview', linkHref: () => '#' });
  }, [page, blocks]);
  return <iframe className="preview" title={`Preview of @${page.handle}`} sandbox="" srcDoc={html} />;
}
