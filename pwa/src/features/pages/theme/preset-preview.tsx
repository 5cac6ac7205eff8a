import { useMemo } from 'react';
import { renderBioPage } from '@linkhub/shared/blocks/render-page';
import { pageSnapshotSchema, type Theme } from '@linkhub/shared/blocks/snapshot';

/**
 * A preset drawn by the public page's own renderer on a small sample page, shrunk to a thumbnail.
 * Sandboxed (no scripts) and out of the tab order: the button beside it is what applies the look.
 */
export function PresetPreview({ theme, title, name }: { theme: Theme; title: string; name: string }) {
  const html = useMemo(() => {
    const snapshot = pageSnapshotSchema.parse({
      id: 'preview',
      workspace_id: 'preview',
      handle: 'preview',
      title,
      bio: 'A line about you',
      theme,
      blocks: [
        { id: 'a', type: 'link', data: { title: 'My latest work', url: 'https://example.com/a' } },
        { id: 'b', type: 'link', data: { title: 'Shop', url: 'https://example.com/b' } },
        { id: 'c', type: 'link', data: { title: 'Contact', url: 'https://example.com/c' } },
      ],
    });
    return renderBioPage(snapshot, { nonce: 'preview', linkHref: () => '#' });
  }, [theme, title]);
  return (
    <div className="preset-thumb">
      <iframe title={`${name} look`} tabIndex={-1} sandbox="" loading="lazy" srcDoc={html} />
    </div>
  );
}
