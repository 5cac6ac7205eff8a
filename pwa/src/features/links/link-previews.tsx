import { useId, useState } from 'react';
import { APP_URL_SCHEMES } from '@linkhub/shared/link-previews/app-urls';
import { PREVIEW_DESCRIPTION_MAX, PREVIEW_TITLE_MAX } from '@linkhub/shared/link-previews/social-preview';
import type { Asset } from '@linkhub/shared/schemas/assets';
import { Field } from '../../ui/field';
import { useConnectionState } from '../../ui/use-connection';
import { edgeUrlFromPage } from '../../config/edge-url';
import { uploadPhoto } from '../pages/photo/photo-upload-api';
import type { LinkDraft } from './link-diff';
import './link-previews.css';

type PreviewKey = 'preview_title' | 'preview_description' | 'preview_image' | 'ios_url' | 'android_url';

type Props = {
  draft: LinkDraft;
  set: (key: PreviewKey, value: string) => void;
  errors: Record<string, string>;
  editable: boolean;
  workspaceId: string;
};

/** The widest JPEG variant of an uploaded photo: what every network's card reader takes (D-626). */
export function cardImagePath(asset: Asset): string | null {
  const jpegs = (asset.image?.variants ?? []).filter((v) => v.format === 'jpeg');
  const widest = jpegs.reduce<(typeof jpegs)[number] | null>(
    (best, v) => (best === null || v.width > best.width ? v : best),
    null,
  );
  return widest?.path ?? null;
}

/** An uploaded photo's `/_img/…` path is served by the edge on every host; the editor shows it from the edge. */
function shownImage(image: string): string | null {
  const trimmed = image.trim();
  if (trimmed === '') return null;
  if (trimmed.startsWith('/_img/')) {
    const edge = edgeUrlFromPage();
    return edge === null ? null : new URL(trimmed, edge).toString();
  }
  return trimmed.startsWith('https://') ? trimmed : null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/**
 * A link's social card (what Slack, X, Facebook… show where it is posted, with a live preview of the
 * card) and its app links (what an iPhone or Android visitor's page opens), D-625.
 */
export function LinkPreviewFields({ draft, set, errors, editable, workspaceId }: Props) {
  const online = useConnectionState() === 'online';
  const [upload, setUpload] = useState('');
  const uploadId = useId();
  const image = shownImage(draft.preview_image);
  const title = draft.preview_title.trim() || hostOf(draft.destination_url) || 'Your link';

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setUpload('Uploading…');
    try {
      const path = cardImagePath(await uploadPhoto(file, 'block_image', workspaceId));
      if (path === null) return setUpload('The photo could not be used.');
      set('preview_image', path);
      setUpload('Photo uploaded: save the link to use it.');
    } catch (err) {
      setUpload(err instanceof Error ? err.message : 'The upload failed.');
    }
  };

  return (
    <>
      <fieldset>
        <legend>Social preview</legend>
        <p className="muted">
          What a post of this link shows on Slack, X, Facebook, LinkedIn, WhatsApp… People still go straight
          to the destination.
        </p>
        <Field
          label="Card title"
          value={draft.preview_title}
          onChange={(v) => set('preview_title', v)}
          error={errors['social_preview.title']}
          hint={`Up to ${PREVIEW_TITLE_MAX} characters.`}
          readOnly={!editable}
        />
        <Field
          label="Card description"
          value={draft.preview_description}
          onChange={(v) => set('preview_description', v)}
          error={errors['social_preview.description']}
          hint={`Up to ${PREVIEW_DESCRIPTION_MAX} characters.`}
          multiline
          readOnly={!editable}
        />
        <Field
          label="Card image (https address or an uploaded photo)"
          value={draft.preview_image}
          onChange={(v) => set('preview_image', v)}
          error={errors['social_preview.image_url']}
          readOnly={!editable}
        />
        {editable && (
          <div className="row">
            <label htmlFor={uploadId}>Upload a photo for the card</label>
            <input
              id={uploadId}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={!online}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                void pick(file);
              }}
            />
            {!online && <span className="muted">Uploading needs a connection.</span>}
            {upload && <span aria-live="polite">{upload}</span>}
          </div>
        )}
        <figure className="card-preview" aria-label="Card preview">
          {image && <img src={image} alt="" width={480} height={252} />}
          <figcaption>
            {/* A blank line holds the place until there is a host and a title, so the form below never jumps while typing. */}
            <span className="muted">{hostOf(draft.destination_url) || '\u00a0'}</span>
            <strong>{title || '\u00a0'}</strong>
            {draft.preview_description.trim() && <span>{draft.preview_description.trim()}</span>}
          </figcaption>
        </figure>
      </fieldset>
      <fieldset>
        <legend>App links</legend>
        <p className="muted">
          An iPhone or Android visitor gets a page that opens the app, then the destination if the app is not
          installed. An https universal link or one of: {APP_URL_SCHEMES.join(', ')}.
        </p>
        <div className="two">
          <Field
            label="iPhone app link"
            value={draft.ios_url}
            onChange={(v) => set('ios_url', v)}
            error={errors.ios_url}
            placeholder="instagram://user?username=…"
            readOnly={!editable}
          />
          <Field
            label="Android app link"
            value={draft.android_url}
            onChange={(v) => set('android_url', v)}
            error={errors.android_url}
            placeholder="https://www.instagram.com/_u/…"
            readOnly={!editable}
          />
        </div>
      </fieldset>
    </>
  );
}
