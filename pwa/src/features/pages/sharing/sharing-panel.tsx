import { useId, useState } from 'react';
import type { PageView } from '@linkhub/shared/sync/views';
import { updatePageArgs } from '@linkhub/shared/mutators/pages';
import {
  PAGE_LANGUAGE_LABELS,
  PAGE_LANGUAGES,
  catalogLanguageOf,
} from '@linkhub/shared/page-language/languages';
import { Field } from '../../../ui/field';
import { fieldErrors } from '../../../ui/error-messages';
import { useRep } from '../../../replicache/rep-context';
import { useSyncedDraft } from '../../../drafts/use-synced-draft';
import { editedWithBase } from '../../../drafts/draft-base';
import { DraftNotice } from '../../links/stale-notice';
import { ShareCardPreview } from './share-card-preview';

type Props = { page: PageView; workspaceId: string; editable: boolean };

/**
 * "Sharing": what a link to the page shows on a social network (title, description, card image)
 * and the page's language (D-600, D-602). Edits are `updatePage` mutations, checked by its schema
 * first, so they save offline; the card preview and uploads need a connection.
 */
export function SharingPanel({ page, workspaceId, editable }: Props) {
  const rep = useRep();
  const languageId = useId();
  const ref = { id: page.id, workspace_id: workspaceId };
  const text = useSyncedDraft({ share_title: page.share_title, share_description: page.share_description });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState('');
  const language = catalogLanguageOf(page.language);

  return (
    <section className="sharing" aria-labelledby={`${languageId}-h`}>
      <h2 id={`${languageId}-h`}>Sharing</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const { changed, base } = editedWithBase(text.state);
          const parsed = updatePageArgs.safeParse({ ...ref, ...changed, base });
          if (!parsed.success) return setErrors(fieldErrors(parsed.error));
          setErrors({});
          if (!text.edited('share_title') && !text.edited('share_description'))
            return setSaved('Nothing to save: the sharing text was not changed.');
          text.saved();
          setSaved('');
          void rep.mutate
            .updatePage(parsed.data)
            .then(() =>
              setSaved(navigator.onLine ? 'Saved.' : 'Saved on this device; it syncs when online.'),
            );
        }}
      >
        <DraftNotice synced={text} canSave={editable} />
        <Field
          label="Share title"
          value={text.draft.share_title}
          placeholder={page.title === '' ? `@${page.handle}` : page.title}
          hint="What a shared link shows as its title. Empty: the page title."
          onChange={(v) => {
            setSaved('');
            text.set('share_title', v);
          }}
          error={errors.share_title}
          readOnly={!editable}
        />
        <Field
          label="Share description"
          multiline
          value={text.draft.share_description}
          placeholder={page.bio}
          hint="Shown under the title in link previews and search results. Empty: the bio."
          onChange={(v) => {
            setSaved('');
            text.set('share_description', v);
          }}
          error={errors.share_description}
          readOnly={!editable}
        />
        {editable && (
          <button type="submit" disabled={text.conflicts.length > 0}>
            Save sharing text
          </button>
        )}
        {saved !== '' && text.conflicts.length === 0 && (
          <p aria-live="polite" data-testid="sharing-saved">
            {saved}
          </p>
        )}
      </form>
      <div className="field">
        <label htmlFor={languageId}>Page language</label>
        <select
          id={languageId}
          value={language}
          disabled={!editable}
          aria-describedby={`${languageId}-hint`}
          onChange={(e) => {
            const next = PAGE_LANGUAGES.find((l) => l === e.target.value);
            if (next !== undefined) void rep.mutate.updatePage({ ...ref, language: next });
          }}
        >
          {PAGE_LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {PAGE_LANGUAGE_LABELS[l]}
            </option>
          ))}
        </select>
        <p className="hint" id={`${languageId}-hint`}>
          The language you write the page in: browsers and search engines read it, and the sign-up form and
          players speak it to visitors.
        </p>
      </div>
      <ShareCardPreview
        workspaceId={workspaceId}
        pageId={page.id}
        assetId={page.share_image_asset_id}
        drawKey={`${page.draft_revision}:${page.updated_at}`}
        readOnly={!editable}
        onUploaded={(assetId) => void rep.mutate.updatePage({ ...ref, share_image_asset_id: assetId })}
        onRemove={() => void rep.mutate.updatePage({ ...ref, share_image_asset_id: null })}
      />
    </section>
  );
}
