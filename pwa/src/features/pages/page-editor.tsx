import { useState } from 'react';
import type { BlockView, PageView } from '@linkhub/shared/sync/views';
import { Field } from '../../app/field';
import { useWorkspace } from '../../app/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { BlockList } from './block-list';
import { PageAddress } from './page-address';
import { PagePreview } from './page-preview';
import { ThemeEditor } from './theme-editor';
import { VersionHistory } from './version-history';

/** One bio page: its text, theme, blocks, live preview and publish state. */
export function PageEditor({ page, blocks }: { page: PageView; blocks: BlockView[] }) {
  const rep = useRep();
  const { workspace, user, can } = useWorkspace();
  const [title, setTitle] = useState(page.title);
  const [bio, setBio] = useState(page.bio);
  const editable = can('bio_page.update') && !page.locked;
  const ref = { id: page.id, workspace_id: workspace.id };
  const published = page.published_revision !== null;
  const stale = published && page.published_revision !== page.draft_revision;
  return (
    <div className="two">
      <div>
        <div className="row">
          <span className={`badge ${published ? '' : 'paused'}`}>{published ? (stale ? 'Published (draft has changes)' : 'Published') : 'Draft'}</span>
          {can('bio_page.publish') &&
            (user.email_verified ? (
              <button type="button" className="primary" onClick={() => void rep.mutate.publishPage(ref)}>
                {published ? 'Publish changes' : 'Publish'}
              </button>
            ) : (
              <span className="muted">Verify your email to publish.</span>
            ))}
          {published && can('bio_page.unpublish') && (
            <button type="button" onClick={() => void rep.mutate.unpublishPage(ref)}>
              Unpublish
            </button>
          )}
        </div>
        <PageAddress page={page} editable={can('bio_page.change_handle') && !page.locked} />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void rep.mutate.updatePage({ ...ref, title, bio });
          }}
        >
          <Field label="Page title" value={title} onChange={setTitle} readOnly={!editable} />
          <Field label="Bio" value={bio} onChange={setBio} readOnly={!editable} />
          {editable && (
            <button type="submit" className="primary">
              Save text
            </button>
          )}
        </form>
        <ThemeEditor theme={page.theme} readOnly={!can('bio_page.update_theme')} onChange={(theme) => void rep.mutate.updatePage({ ...ref, theme })} />
        <BlockList pageId={page.id} blocks={blocks} />
        {can('bio_page.view_versions') && <VersionHistory page={page} />}
      </div>
      <div>
        <h2>Preview</h2>
        <PagePreview page={page} blocks={blocks} />
      </div>
    </div>
  );
}
