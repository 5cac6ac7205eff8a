import { useMemo } from 'react';
import type { BlockView, PageView } from '@linkhub/shared/sync/views';
import { SnapshotPreview } from './snapshot-preview';
import { useWorkspace } from '../../workspace/workspace-context';
import {
  PHOTO_LOADING,
  PHOTO_PLACEHOLDER,
  previewPhotoPath,
  usePreviewPhotos,
  type PreviewPhoto,
} from './photo/preview-photos';

/** An image block's uploaded photo, while its URL is still one of that photo's files (as at publish). */
function blockPhotoId(block: BlockView): string | null {
  const { asset_id: assetId, url } = block.data as { asset_id?: unknown; url?: unknown };
  return typeof assetId === 'string' && typeof url === 'string' && url.startsWith('/_img/') ? assetId : null;
}

function photoUrl(photo: PreviewPhoto | undefined): string {
  if (photo?.state === 'ready') return photo.url;
  return photo?.state === 'missing' ? PHOTO_PLACEHOLDER : PHOTO_LOADING;
}

/** The draft as the public will see it (visible blocks, in order), its uploaded photos included (D-611). */
export function PagePreview({ page, blocks }: { page: PageView; blocks: BlockView[] }) {
  const { workspace } = useWorkspace();
  const visible = useMemo(() => blocks.filter((b) => b.is_visible), [blocks]);
  const backgroundId = typeof page.theme.background_photo === 'string' ? page.theme.background_photo : null;
  const photoIds = [
    ...(page.avatar_asset_id === null ? [] : [page.avatar_asset_id]),
    ...(backgroundId === null ? [] : [backgroundId]),
    ...visible.flatMap((b) => blockPhotoId(b) ?? []),
  ];
  const photos = usePreviewPhotos(photoIds, workspace.id);
  const background = backgroundId === null ? undefined : photos.get(backgroundId);
  const snapshot = useMemo(() => {
    const path = backgroundId === null ? null : previewPhotoPath(backgroundId);
    return {
      id: page.id,
      workspace_id: page.workspace_id,
      handle: page.handle,
      title: page.title,
      bio: page.bio,
      theme: page.theme,
      lang: page.language,
      ...(page.avatar_asset_id === null
        ? {}
        : { avatar: { url: previewPhotoPath(page.avatar_asset_id), alt: '' } }),
      // A background this device cannot show is left out: the theme's colours stand in for it.
      ...(path === null || background?.state !== 'ready'
        ? {}
        : {
            background: {
              width: 1440,
              height: 960,
              variants: [{ format: 'jpeg', width: 1440, height: 960, path, byte_size: 1 }],
            },
          }),
      blocks: visible.map((b) => {
        const photoId = blockPhotoId(b);
        const data =
          photoId === null ? b.data : { ...b.data, url: previewPhotoPath(photoId), image: undefined };
        return { id: b.id.replace(/[^A-Za-z0-9_-]/g, ''), type: b.type, data };
      }),
    };
  }, [page, visible, backgroundId, background?.state]);
  const photoUrls = useMemo(
    () => new Map([...photos].map(([id, photo]) => [previewPhotoPath(id), photoUrl(photo)])),
    [photos],
  );
  return (
    <SnapshotPreview
      snapshot={snapshot}
      photos={photoUrls}
      title={`Preview of @${page.handle}`}
      fallback="This draft has a block that cannot be shown yet."
    />
  );
}
