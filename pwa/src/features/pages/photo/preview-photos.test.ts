import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { PHOTO_PATH } from '@linkhub/shared/photos/responsive-image';
import { pageSnapshotSchema } from '@linkhub/shared/blocks/snapshot';
import { renderBioPage } from '@linkhub/shared/blocks/render-page';
import { previewPhotoPath } from './preview-photos';

describe('previewPhotoPath', () => {
  test.prop([fc.uuid()])('names any asset by a path the snapshot takes as a photo', (assetId) => {
    expect(previewPhotoPath(assetId)).toMatch(PHOTO_PATH);
    expect(previewPhotoPath(assetId.toUpperCase())).toBe(previewPhotoPath(assetId));
  });

  test.prop([fc.uuid(), fc.uuid()])('gives two assets two paths', (a, b) => {
    fc.pre(a.toLowerCase() !== b.toLowerCase());
    expect(previewPhotoPath(a)).not.toBe(previewPhotoPath(b));
  });

  test.prop([fc.uuid()])('leaves the rendered page with the path only where the photo goes', (assetId) => {
    const path = previewPhotoPath(assetId);
    const snapshot = pageSnapshotSchema.parse({
      id: 'p',
      workspace_id: 'w',
      handle: 'maya',
      title: 'Maya',
      avatar: { url: path, alt: '' },
      blocks: [{ id: 'i1', type: 'image', data: { url: path, alt: 'A print' } }],
    });
    const html = renderBioPage(snapshot, { nonce: 'n', linkHref: () => '#' });
    // Every place the path appears is an image source, so swapping it for a data: URL swaps only photos.
    expect(html.split(path).length - 1).toBe(2);
    expect(html).toContain(`<img class="avatar" src="${path}"`);
    expect(html).toContain(`src="${path}"`);
  });
});
