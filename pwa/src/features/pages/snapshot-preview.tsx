import { useMemo } from 'react';
import { renderBioPage } from '@linkhub/shared/blocks/render-page';
import { pageSnapshotSchema } from '@linkhub/shared/blocks/snapshot';

/** A page snapshot as the public sees it: the edge's own renderer, in a sandboxed frame (no scripts). */
export function SnapshotPreview({
  snapshot,
  title,
  fallback,
  photos,
}: {
  snapshot: unknown;
  title: string;
  fallback: string;
  /** Photo paths of the snapshot and what the frame shows for each (a `data:` URL, D-611). */
  photos?: ReadonlyMap<string, string>;
}) {
  const html = useMemo(() => {
    const parsed = pageSnapshotSchema.safeParse(snapshot);
    if (!parsed.success) return `<!doctype html><p>${fallback}</p>`;
    let page = renderBioPage(parsed.data, { nonce: 'preview', linkHref: () => '#' });
    for (const [path, url] of photos ?? []) page = page.split(path).join(url);
    return page;
  }, [snapshot, fallback, photos]);
  // A new frame for each page rather than a navigation of the old one: a sandboxed srcdoc frame
  // navigated twice in quick succession (a photo arriving just after the page) could stay blank.
  return <iframe key={html} className="preview" title={title} sandbox="" srcDoc={html} />;
}
