import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import { safeParsePublishedSnapshot } from '@linkhub/shared/blocks/published';
import { renderBioPage, hopHref } from '@linkhub/shared/blocks/render-page';
import { photoWithGps, pngBomb } from '@linkhub/shared/server/photos/photo-testing';
import { photoStorageKey, type ResponsiveImage } from '@linkhub/shared/photos/responsive-image';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

type PhotoAsset = { id: string; kind: string; logo_source: unknown; image: ResponsiveImage };

let kit: V1Kit;
let key: string;
let otherKey: string;
let dir: string;
let store: ArtifactStore;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'linkhub-v1-photos-'));
  store = createLocalArtifactStore(dir);
  kit = await startV1Kit({ artifacts: store });
  key = await kit.key(ALL_SCOPES);
  otherKey = await kit.key(ALL_SCOPES, 'other');
});
afterAll(async () => {
  await kit.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A phone's file picker sends a multipart form. */
function uploadForm(bytes: Uint8Array, type: string, kind: string, auth: Record<string, string>) {
  const form = new FormData();
  form.set('file', new Blob([bytes], { type }), 'IMG_0001.jpg');
  return kit.app.request(`/v1/assets?kind=${kind}`, { method: 'POST', headers: auth, body: form });
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('POST /v1/assets?kind=avatar|block_image|page_background', () => {
  it('stores every variant without the photo’s GPS location, and the page publishes it as <picture>', async () => {
    const res = await uploadForm(await photoWithGps(1200, 1600), 'image/jpeg', 'avatar', bearer(key));
    expect(res.status).toBe(201);
    const asset = (await json<Envelope<PhotoAsset>>(res)).data;
    expect(asset).toMatchObject({ kind: 'avatar', logo_source: null, image: { width: 384, height: 384 } });
    expect(asset.image.variants).toHaveLength(9);
    for (const variant of asset.image.variants) {
      const stored = await store.get(photoStorageKey(variant.path.slice('/_img/'.length)));
      if (stored === null) throw new Error(`${variant.path} not stored`);
      const meta = await sharp(stored).metadata();
      expect(meta.exif, variant.path).toBeUndefined();
      expect(Buffer.from(stored).includes(Buffer.from('LinkHubTestCam'))).toBe(false);
    }

    const created = await kit.api('POST', '/v1/pages', {
      key,
      body: { handle: 'photo-maya', title: 'Maya', avatar: asset.id },
    });
    expect(created.status).toBe(201);
    const page = (await json<Envelope<{ id: string; avatar: string | null }>>(created)).data;
    expect(page.avatar).toBe(asset.id);
    expect((await kit.api('POST', `/v1/pages/${page.id}/publish`, { key })).status).toBe(200);
    const { rows } = await kit.deps.pool.query<{ published_snapshot: unknown }>(
      'SELECT published_snapshot FROM bio_pages WHERE id = $1',
      [page.id],
    );
    const snapshot = safeParsePublishedSnapshot(rows[0]?.published_snapshot);
    if (!snapshot.success) throw snapshot.error;
    const html = renderBioPage(snapshot.data, { nonce: 'n', linkHref: hopHref('photo-maya') });
    const avif384 = asset.image.variants.find((v) => v.format === 'avif' && v.width === 384);
    expect(html).toContain('<picture><source type="image/avif" srcset="');
    expect(html).toContain(`${avif384?.path ?? 'missing'} 384w`);
    expect(html).toMatch(/<img class="avatar" src="\/_img\/[0-9a-f]{32}\.jpg" srcset="[^"]+" sizes="96px"/);

    // "Remove": the next publish has no photo.
    const removed = await kit.api('PATCH', `/v1/pages/${page.id}`, { key, body: { avatar: null } });
    expect((await json<Envelope<{ avatar: string | null }>>(removed)).data.avatar).toBeNull();
  });

  it('an image block shows an uploaded photo at the page column’s widths', async () => {
    const res = await uploadForm(await photoWithGps(2000, 1000), 'image/jpeg', 'block_image', bearer(key));
    const asset = (await json<Envelope<PhotoAsset>>(res)).data;
    const jpeg = asset.image.variants.find((v) => v.format === 'jpeg' && v.width === 1440);
    const created = await kit.api('POST', '/v1/pages', {
      key,
      body: {
        handle: 'photo-block',
        title: 'Block',
        blocks: [{ type: 'image', url: jpeg?.path, alt: 'The shop', asset_id: asset.id }],
      },
    });
    expect(created.status).toBe(201);
    const page = (await json<Envelope<{ id: string }>>(created)).data;
    await kit.api('POST', `/v1/pages/${page.id}/publish`, { key });
    const { rows } = await kit.deps.pool.query<{ published_snapshot: unknown }>(
      'SELECT published_snapshot FROM bio_pages WHERE id = $1',
      [page.id],
    );
    const snapshot = safeParsePublishedSnapshot(rows[0]?.published_snapshot);
    if (!snapshot.success) throw snapshot.error;
    const html = renderBioPage(snapshot.data, { nonce: 'n', linkHref: hopHref('photo-block') });
    expect(html).toContain('sizes="(min-width: 36rem) 34rem, calc(100vw - 2rem)"');
    expect(html).toContain('alt="The shop" width="1440" height="720"');
  });

  it('a background photo on the theme is drawn behind the page with image-set over its formats', async () => {
    const res = await uploadForm(
      await photoWithGps(1600, 1000),
      'image/jpeg',
      'page_background',
      bearer(key),
    );
    const asset = (await json<Envelope<PhotoAsset>>(res)).data;
    const created = await kit.api('POST', '/v1/pages', {
      key,
      body: { handle: 'photo-bg', title: 'Background', theme: { background_photo: asset.id } },
    });
    expect(created.status).toBe(201);
    const page = (await json<Envelope<{ id: string; theme: { background_photo?: string } }>>(created)).data;
    expect(page.theme.background_photo).toBe(asset.id);
    await kit.api('POST', `/v1/pages/${page.id}/publish`, { key });
    const { rows } = await kit.deps.pool.query<{ published_snapshot: unknown }>(
      'SELECT published_snapshot FROM bio_pages WHERE id = $1',
      [page.id],
    );
    const snapshot = safeParsePublishedSnapshot(rows[0]?.published_snapshot);
    if (!snapshot.success) throw snapshot.error;
    const html = renderBioPage(snapshot.data, { nonce: 'n', linkHref: hopHref('photo-bg') });
    const widest = (format: string) =>
      asset.image.variants.find((v) => v.format === format && v.width === 1440)?.path ?? 'missing';
    expect(html).toContain(`background-image:url("${widest('jpeg')}")`);
    expect(html).toContain('background-image:var(--photo)');
    expect(html).toContain(
      `--photo:image-set(url("${widest('avif')}") type("image/avif"),url("${widest('webp')}") type("image/webp"),url("${widest('jpeg')}") type("image/jpeg"))`,
    );
  });

  it('refuses another workspace’s photo as a page’s avatar, changing nothing', async () => {
    const theirs = await uploadForm(await photoWithGps(400, 400), 'image/jpeg', 'avatar', bearer(otherKey));
    const asset = (await json<Envelope<PhotoAsset>>(theirs)).data;
    const pages = await kit.count('bio_pages');
    const res = await kit.api('POST', '/v1/pages', {
      key,
      body: { handle: 'photo-stolen', title: 'x', avatar: asset.id },
    });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error.details[0]).toMatchObject({
      field: 'avatar',
      issue: 'asset_not_found',
    });
    expect(await kit.count('bio_pages')).toBe(pages);
  });

  it('answers a decompression bomb with 422 image_too_large, a non-image with 415, storing nothing', async () => {
    const assets = await kit.count('uploaded_assets');
    const bomb = await uploadForm(pngBomb(50_000, 50_000), 'image/png', 'avatar', bearer(key));
    expect(bomb.status).toBe(422);
    expect((await json<ErrorBody>(bomb)).error).toMatchObject({
      code: 'image_too_large',
      details: [{ field: 'file', issue: 'too_many_pixels' }],
    });
    const pdf = await uploadForm(
      new TextEncoder().encode('%PDF-1.7\n'),
      'application/pdf',
      'avatar',
      bearer(key),
    );
    expect(pdf.status).toBe(415);
    expect(await kit.count('uploaded_assets')).toBe(assets);
  });

  it('takes the editor’s session (naming its workspace) and serves the photo back to it', async () => {
    const res = await uploadForm(
      await photoWithGps(300, 300),
      'image/jpeg',
      `page_background&workspace_id=${kit.owner.workspaceId}`,
      bearer(kit.owner.token),
    );
    expect(res.status).toBe(201);
    const asset = (await json<Envelope<PhotoAsset>>(res)).data;
    expect(asset.kind).toBe('page_background');
    const content = await kit.app.request(
      `/v1/assets/${asset.id}/content?workspace_id=${kit.owner.workspaceId}`,
      { headers: bearer(kit.owner.token) },
    );
    expect(content.status).toBe(200);
    expect(content.headers.get('Content-Type')).toBe('image/jpeg');
    const notMine = await kit.app.request(
      `/v1/assets/${asset.id}/content?workspace_id=${kit.other.workspaceId}`,
      { headers: bearer(kit.other.token) },
    );
    expect(notMine.status).toBe(404);
  });
});
