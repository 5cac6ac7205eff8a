import { useEffect, useId, useState } from 'react';
import { useConnectionState } from '../../../ui/use-connection';
import { ApiError } from '../../../api/api';
import { photoObjectUrl, uploadPhoto } from '../photo/photo-upload-api';
import { generatedCardUrl } from './share-card-api';

type Props = {
  workspaceId: string;
  pageId: string;
  /** The uploaded card's asset id, or null for the generated one. */
  assetId: string | null;
  /** Changes whenever the draft does, and again when the server has it (the pull brings its own `updated_at`): the card is drawn again. */
  drawKey: string;
  readOnly: boolean;
  onUploaded: (assetId: string) => void;
  onRemove: () => void;
};

const OFFLINE =
  'The card preview and uploads need a connection. Your other changes still save on this device.';

/** The card link previews will show: the uploaded one, or the one drawn from the page's look (D-600). */
export function ShareCardPreview({
  workspaceId,
  pageId,
  assetId,
  drawKey,
  readOnly,
  onUploaded,
  onRemove,
}: Props) {
  const inputId = useId();
  const online = useConnectionState() === 'online';
  const [src, setSrc] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (!online) return setSrc(null);
    let url: string | null = null;
    let cancelled = false;
    // A burst of edits draws one card, after the last.
    const timer = setTimeout(() => {
      const load =
        assetId === null ? generatedCardUrl(workspaceId, pageId) : photoObjectUrl(assetId, workspaceId);
      void load.then((next) => {
        url = next;
        if (cancelled && next !== null) URL.revokeObjectURL(next);
        else setSrc(next);
      });
    }, 400);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [assetId, workspaceId, pageId, drawKey, online]);

  async function upload(file: File): Promise<void> {
    if (!online) return setMessage(OFFLINE);
    setBusy(true);
    setMessage('Uploading…');
    try {
      onUploaded((await uploadPhoto(file, 'og_image', workspaceId)).id);
      setMessage('Card uploaded. Publish to use it.');
    } catch (error) {
      setMessage(
        error instanceof ApiError && error.message !== ''
          ? error.message
          : 'The image could not be uploaded.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="share-card">
      <p className="muted">
        {assetId === null
          ? 'Drawn from your page’s look at publish. Upload an image to use your own.'
          : 'Your uploaded image (cropped to 1200 × 630).'}
      </p>
      {src === null ? (
        <p className="muted" data-testid="share-card-missing">
          {online ? 'Drawing the card…' : OFFLINE}
        </p>
      ) : (
        <img
          src={src}
          alt="Link preview card"
          width={1200}
          height={630}
          data-testid="share-card-preview"
          style={{ width: '100%', height: 'auto', borderRadius: 8 }}
        />
      )}
      {!readOnly && (
        <div className="row">
          <label htmlFor={inputId}>{assetId === null ? 'Upload card image' : 'Change card image'}</label>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            disabled={!online || busy}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file !== undefined) void upload(file);
            }}
          />
          {assetId !== null && (
            <button
              type="button"
              onClick={() => {
                setMessage('');
                onRemove();
              }}
            >
              Use the generated card
            </button>
          )}
        </div>
      )}
      {message !== '' && (
        <p aria-live="polite" data-testid="share-card-status">
          {message}
        </p>
      )}
    </div>
  );
}
