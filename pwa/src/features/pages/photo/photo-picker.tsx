import { useEffect, useId, useState } from 'react';
import type { Asset } from '@linkhub/shared/schemas/assets';
import type { PhotoKind } from '@linkhub/shared/photos/responsive-image';
import { useConnectionState } from '../../../ui/use-connection';
import { ApiError } from '../../../api/api';
import { photoObjectUrl, uploadPhoto } from './photo-upload-api';

type Props = {
  kind: PhotoKind;
  /** What the photo is, for the labels ("Profile photo"). */
  label: string;
  workspaceId: string;
  /** The current photo's asset id, or null. */
  assetId: string | null;
  readOnly: boolean;
  onUploaded: (asset: Asset) => void;
  onRemove: () => void;
};

const OFFLINE = 'Uploading a photo needs a connection. Your other changes still save on this device.';

/** Shows a photo with "Change photo" and "Remove"; picking a file (camera roll or files) uploads it at once. */
export function PhotoPicker({ kind, label, workspaceId, assetId, readOnly, onUploaded, onRemove }: Props) {
  const inputId = useId();
  const connection = useConnectionState();
  const online = connection === 'online';
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  useEffect(() => {
    if (assetId === null) return setPreview(null);
    let url: string | null = null;
    let cancelled = false;
    void photoObjectUrl(assetId, workspaceId).then((next) => {
      url = next;
      if (cancelled && next !== null) URL.revokeObjectURL(next);
      else setPreview(next);
    });
    return () => {
      cancelled = true;
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [assetId, workspaceId]);

  async function upload(file: File): Promise<void> {
    if (!online) return setMessage(OFFLINE);
    setBusy(true);
    setMessage('Uploading…');
    try {
      onUploaded(await uploadPhoto(file, kind, workspaceId));
      setMessage('Photo uploaded. Publish to show it on the page.');
    } catch (error) {
      setMessage(
        error instanceof ApiError && error.message !== ''
          ? error.message
          : 'The photo could not be uploaded.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="photo-picker" aria-label={label}>
      <h3>{label}</h3>
      {assetId !== null &&
        (preview === null ? (
          <p className="muted">Photo chosen.</p>
        ) : (
          <img src={preview} alt={label} width={96} height={96} className="avatar" />
        ))}
      {!readOnly && (
        <div className="row">
          <label htmlFor={inputId}>{assetId === null ? 'Upload photo' : 'Change photo'}</label>
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
              Remove
            </button>
          )}
        </div>
      )}
      {!readOnly && !online && <p className="muted">{OFFLINE}</p>}
      {message !== '' && online && (
        <p aria-live="polite" data-testid="photo-status">
          {message}
        </p>
      )}
    </section>
  );
}
