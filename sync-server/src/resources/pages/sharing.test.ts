import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeParsePublishedSnapshot } from '@linkhub/shared/blocks/published';
import { photoStorageKey } from '@linkhub/shared/photos/responsive-image';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

type PageOut = {
  id: string;
  share_title: string;
  share_description: string;
  share_image: string | null;
  share_image_url: string | null;
  language: string;
};

let kit: V1Kit;
let key: string;
let dir: string;
let store: ArtifactStore;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'linkhub-v1-sharing-'));
  store = createLocalArtifactStore(dir);
  kit = await startV1Kit({ artifacts: store });
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
  await rm(dir, { recursive: true, force: true });
});

async function snapshotOf(id: string) {
  const { rows } = await kit.deps.pool.query<{ published_snapshot: unknown }>(
    'SELECT published_snapshot FROM bio_pages WHERE id = $1',
    [id],
  );
  const parsed = safeParsePublishedSnapshot(rows[0]?.published_snapshot);
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

async function cardBytes(path: string): Promise<Uint8Array> {
  const bytes = await store.get(photoStorageKey(path.slice('/_img/'.length)));
  if (bytes === null) throw new Error(`${path} not stored`);
  return bytes;
}

describe('page sharing over /v1/pages', () => {
  it('stores share texts and language, and publishes a generated 1200×630 card that follows the theme', async () => {
    const created = await kit.api('POST', '/v1/pages', {
      key,
      body: { handle: 'share-maya', title: 'Maya', bio: 'Prints', language: 'de' },
    });
    expect(created.status).toBe(201);
    const page = (await json<Envelope<PageOut>>(created)).data;
    expect(page).toMatchObject({ language: 'de', share_title: '', share_image: null, share_image_url: null });

    const patched = await kit.api('PATCH', `/v1/pages/${page.id}`, {
      key,
      body: { share_title: 'Maya — Drucke', share_description: 'Signierte Drucke' },
    });
    expect(patched.status).toBe(200);
    expect((await json<Envelope<PageOut>>(patched)).data).toMatchObject({
      share_title: 'Maya — Drucke',
      share_description: 'Signierte Drucke',
      language: 'de',
    });

    expect((await kit.api('POST', `/v1/pages/${page.id}/publish`, { key })).status).toBe(200);
    const first = await snapshotOf(page.id);
    expect(first.lang).toBe('de');
    expect(first.seo).toMatchObject({ title: 'Maya — Drucke', description: 'Signierte Drucke' });
    expect(first.share_image).toMatchObject({ width: 1200, height: 630, source: 'generated' });
    const firstPath = first.share_image?.path ?? '';
    const meta = await sharp(await cardBytes(firstPath)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);

    const got = (await json<Envelope<PageOut>>(await kit.api('GET', `/v1/pages/${page.id}`, { key }))).data;
    expect(got.share_image_url).toBe(`http://bio.localhost:8787${firstPath}`);

    // A new theme: a new card at the next publish.
    await kit.api('PATCH', `/v1/pages/${page.id}`, { key, body: { theme: { background: '#101828' } } });
    await kit.api('POST', `/v1/pages/${page.id}/publish`, { key });
    const second = await snapshotOf(page.id);
    expect(second.share_image?.path).not.toBe(firstPath);
    expect(
      Buffer.from(await cardBytes(second.share_image?.path ?? '')).equals(
        Buffer.from(await cardBytes(firstPath)),
      ),
    ).toBe(false);

    // Nothing the card shows changed: the stored card is kept (same key, nothing drawn).
    await kit.api('PATCH', `/v1/pages/${page.id}`, { key, body: { language: 'fr' } });
    await kit.api('POST', `/v1/pages/${page.id}/publish`, { key });
    const third = await snapshotOf(page.id);
    expect(third.lang).toBe('fr');
    expect(third.share_image?.path).toBe(second.share_image?.path);
  });

  it('refuses an unknown language, a too-long title and a card that is not a photo of the workspace, changing nothing', async () => {
    const created = await kit.api('POST', '/v1/pages', { key, body: { handle: 'share-bad', title: 'Bad' } });
    const page = (await json<Envelope<PageOut>>(created)).data;
    for (const body of [
      { language: 'xx' },
      { share_title: 'x'.repeat(201) },
      { share_description: 'x'.repeat(501) },
      { share_image: '0190f0a0-0000-7000-8000-000000000001' },
      { share_titel: 'typo' },
    ]) {
      const res = await kit.api('PATCH', `/v1/pages/${page.id}`, { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = (await json<ErrorBody>(res)).error;
      expect(error.details.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    const after = (await json<Envelope<PageOut>>(await kit.api('GET', `/v1/pages/${page.id}`, { key }))).data;
    expect(after).toMatchObject({
      language: 'en',
      share_title: '',
      share_description: '',
      share_image: null,
    });
  });

  it('an uploaded card replaces the generated one, cropped to 1200×630', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#e76f51' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'card.jpg');
    const upload = await kit.app.request('/v1/assets?kind=og_image', {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const asset = (await json<Envelope<{ id: string; image: { width: number; height: number } }>>(upload))
      .data;
    expect(asset.image).toMatchObject({ width: 1200, height: 630 });

    const created = await kit.api('POST', '/v1/pages', {
      key,
      body: { handle: 'share-upload', title: 'Up', share_image: asset.id },
    });
    const page = (await json<Envelope<PageOut>>(created)).data;
    expect(page.share_image).toBe(asset.id);
    await kit.api('POST', `/v1/pages/${page.id}/publish`, { key });
    const snapshot = await snapshotOf(page.id);
    expect(snapshot.share_image).toMatchObject({ width: 1200, height: 630, source: 'uploaded' });
    expect(snapshot.share_image?.path).toMatch(/\.jpg$/);

    // Removed: the next publish generates the card.
    await kit.api('PATCH', `/v1/pages/${page.id}`, { key, body: { share_image: null } });
    await kit.api('POST', `/v1/pages/${page.id}/publish`, { key });
    expect((await snapshotOf(page.id)).share_image).toMatchObject({ source: 'generated' });
  });
});

describe('the OpenAPI document', () => {
  it('describes the sharing fields of PATCH /v1/pages/{id} and of a page, generated from the zod schemas', async () => {
    const doc = JSON.stringify(await (await kit.api('GET', '/v1/openapi.json')).json());
    for (const field of ['share_title', 'share_description', 'share_image', 'share_image_url', 'language'])
      expect(doc).toContain(`"${field}"`);
    expect(doc).toContain('"og_image"');
    expect(doc).toMatch(/"enum":\["en","de","fr","es","it","pt","ja"\]/);
  });
});
