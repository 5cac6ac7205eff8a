import { useMemo } from 'react';
import { renderBioPage } from '@linkhub/shared/blocks/render-page';
import { pageSnapshotSchema } from '@linkhub/shared/blocks/snapshot';

/** A page snapshot as the public sees it: the edge's own renderer, in a sandboxed frame (no scripts). */
export function SnapshotPreview({
  snapshot,
  title,
  fallback,
}: {
  snapshot: unknown;
  title: string;
  fallback: string;
}) {
  const html = useMemo(() => {
    const parsed = pageSnapshotSchema.safeParse(snapshot);
    if (!parsed.success) return `<!doctype html><p>${fallback}</p>`;
    return renderBioPage(parsed.data, { nonce: 'preview', linkHref: () => '#' });
  }, [snapshot, fallback]);
  return <iframe className="preview" title={title} sandbox="" srcDoc={html} />;
}
