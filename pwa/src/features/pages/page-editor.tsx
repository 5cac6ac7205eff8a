import { useState } from 'react';
import type { BlockView, PageView } from '@linkhub/shared/sync/views';
import { Field } from '../../ui/field';
import { useWorkspace } from '../../workspace/workspace-context';
import { updatePageArgs } from '@linkhub/shared/mutators/pages';
import { useRep } from '../../replicache/rep-context';
import { fieldErrors } from '../../ui/error-messages';
import { DraftNotice } from '../links/stale-notice';
import { useSyncedDraft } from '../../drafts/use-synced-draft';
import { editedWithBase } from '../../drafts/draft-base';
import { BlockList } from './block-list';
import { navigate } from '../../router/router';
import { PageAddress } from './page-address';
import { ConflictsOf } from '../conflicts/conflict-card';
import { listNotices } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { PagePreview } from './page-preview';
import { ThemePanel } from './theme/theme-panel';
import { PhotoPicker } from './photo/photo-picker';
import { VersionHistory } from './version-history';
import { SharingPanel } from './sharing/sharing-panel';
import { HistoryPanel } from '../history/history-panel';
import { PageNoticePanel } from './block-extras/page-notice-panel';
import { BlockClicksCard } from './block-extras/block-clicks-card';
import { EditPreview } from '../../ui/edit-preview';

/** One bio page: its text, theme, blocks, live preview and publish state. */
export function PageEditor({ page, blocks }: { page: PageView; blocks: BlockView[] }) {
  const rep = useRep();
  const { workspace, user, can } = useWorkspace();
  const text = useSyncedDraft({ title: page.title, bio: page.bio });
  const notices = useSubscribe((tx) => listNotices(tx), [], []);
  const { title, bio } = text.draft;
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** What pressing "Save text" did ("Saved." / saved on this device while offline). */
  const [textSaved, setTextSaved] = useState('');
  const editable = can('bio_page.update') && !page.locked;
  const ref = { id: page.id, workspace_id: workspace.id };
  const published = page.published_revision !== null;
  const stale = published && page.published_revision !== page.draft_revision;
  const signUps = blocks.some((b) => b.type === 'email_capture');
  return (
    <EditPreview
      label="Page"
      preview={
        <>
          <h2>Preview</h2>
          <PagePreview page={page} blocks={blocks} />
        </>
      }
    >
      <div>
        <div className="row">
          <span className={`badge ${published ? '' : 'paused'}`}>
            {published ? (stale ? 'Published (draft has changes)' : 'Published · up to date') : 'Draft'}
          </span>
          {/* Nothing to publish while the live page is the draft: a second identical version would only crowd the history. */}
          {can('bio_page.publish') &&
            (!published || stale) &&
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
        {published && can('experiment.list') && (
          <p className="row">
            <a
              href={`/links/experiments/new/${page.id}`}
              onClick={(e) => {
                e.preventDefault();
                navigate(`/links/experiments/new/${page.id}`);
              }}
            >
              A/B test this page
            </a>
          </p>
        )}
        {signUps && can('lead.list') && (
          <p>
            <a
              href={`/pages/leads/${page.id}`}
              onClick={(e) => {
                e.preventDefault();
                navigate(`/pages/leads/${page.id}`);
              }}
            >
              Leads of this page
            </a>
          </p>
        )}
        <ConflictsOf notices={notices} resourceId={page.id} />
        <PageAddress page={page} editable={can('bio_page.change_handle') && !page.locked} />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            // Only the changed fields, each with the value it started from (D-500).
            const { changed, base } = editedWithBase(text.state);
            const parsed = updatePageArgs.safeParse({ ...ref, ...changed, base });
            if (!parsed.success) return setErrors(fieldErrors(parsed.error));
            setErrors({});
            if (!text.edited('title') && !text.edited('bio'))
              return setTextSaved('Nothing to save: the text was not changed.');
            text.saved();
            setTextSaved('');
            // Said once the change is on this device, like the other forms: online it is on its way already.
            void rep.mutate
              .updatePage(parsed.data)
              .then(() =>
                setTextSaved(navigator.onLine ? 'Saved.' : 'Saved on this device; it syncs when online.'),
              );
          }}
        >
          <DraftNotice synced={text} canSave={editable} />
          <Field
            label="Page title"
            value={title}
            onChange={(v) => {
              setTextSaved('');
              text.set('title', v);
            }}
            error={errors.title}
            readOnly={!editable}
          />
          <Field
            label="Bio"
            multiline
            value={bio}
            onChange={(v) => {
              setTextSaved('');
              text.set('bio', v);
            }}
            error={errors.bio}
            readOnly={!editable}
          />
          {editable && (
            <button type="submit" className="primary" disabled={text.conflicts.length > 0}>
              Save text
            </button>
          )}
          {textSaved && text.conflicts.length === 0 && (
            <p aria-live="polite" data-testid="text-saved">
              {textSaved}
            </p>
          )}
        </form>
        <PhotoPicker
          kind="avatar"
          label="Profile photo"
          workspaceId={workspace.id}
          assetId={page.avatar_asset_id}
          readOnly={!editable}
          onUploaded={(asset) => void rep.mutate.updatePage({ ...ref, avatar_asset_id: asset.id })}
          onRemove={() => void rep.mutate.updatePage({ ...ref, avatar_asset_id: null })}
        />
        <PhotoPicker
          kind="page_background"
          label="Background photo"
          workspaceId={workspace.id}
          assetId={typeof page.theme.background_photo === 'string' ? page.theme.background_photo : null}
          readOnly={!can('bio_page.update_theme') || page.locked}
          onUploaded={(asset) =>
            void rep.mutate.updatePage({ ...ref, theme: { background_photo: asset.id } })
          }
          onRemove={() => void rep.mutate.updatePage({ ...ref, theme: { background_photo: null } })}
        />
        <ThemePanel
          theme={page.theme}
          pageTitle={title === '' ? `@${page.handle}` : title}
          readOnly={!can('bio_page.update_theme')}
          onChange={(theme) => void rep.mutate.updatePage({ ...ref, theme })}
        />
        <SharingPanel page={page} workspaceId={workspace.id} editable={editable} />
        <BlockList pageId={page.id} blocks={blocks} />
        <PageNoticePanel
          notice={page.notice}
          readOnly={!editable}
          onSave={(notice) => rep.mutate.updatePage({ ...ref, notice })}
        />
        {published && can('analytics.view') && (
          <BlockClicksCard
            workspaceId={workspace.id}
            pageId={page.id}
            blocks={blocks}
            pulse={page.published_at ?? ''}
          />
        )}
        {can('bio_page.view_versions') && <VersionHistory page={page} />}
        {can('bio_page.view_versions') && (
          <HistoryPanel
            type="bio_page"
            id={page.id}
            refreshKey={`${page.updated_at}:${page.draft_revision}`}
            canRestore={editable}
          />
        )}
      </div>
    </EditPreview>
  );
}
