import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoWithGps } from '@linkhub/shared/server/photos/photo-testing';
import { processPhotoUpload, type EncodedVariant } from '@linkhub/shared/server/photos/photo-upload';
import { localPhotoFiles } from '../photo-files';
import { BIO_HOST, createHarness, LINK_HOST, ready, visit, type Harness } from '../testing/harness';

let h: Harness;
let dir: string;
let store: ReturnType<typeof localPhotoFiles>;
let variants: readonly EncodedVariant[];

beforeAll(async () => {
  h = await createHarness();
  dir = await mkdtemp(join(tmpdir(), 'linkhub-edge-photos-'));
  store = localPhotoFiles(dir);
  variants = (await processPhotoUpload(await photoWithGps(200, 200), 'avatar')).variants;
  for (const v of variants) await store.put(v.storageKey, v.bytes, 'application/octet-stream');
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

describe('edge /_img/{hash}', () => {
  it('serves each stored variant from the page’s own host with its type and a year of immutable caching', async () => {
    const { app, edgeRedis } = h.app({ photos: store });
    await ready(edgeRedis);
    for (const variant of variants) {
      for (const host of [BIO_HOST, 'links.shop.example']) {
        const res = await visit(app, host, variant.path);
        expect(res.status, `${host}${variant.path}`).toBe(200);
        expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
        expect(res.headers.get('Content-Type')).toBe(
          { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }[variant.format],
        );
        expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
        expect(new Uint8Array(await res.arrayBuffer())).toEqual(variant.bytes);
      }
    }
  });

  it('answers 404 for a name it has not stored, a name that is not a hash, and a path outside the folder', async () => {
    const { app, edgeRedis } = h.app({ photos: store });
    await ready(edgeRedis);
    const missing = await visit(app, BIO_HOST, `/_img/${'0'.repeat(32)}.jpg`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect((await visit(app, BIO_HOST, '/_img/avatar.jpg')).status).toBe(404);
    expect((await visit(app, LINK_HOST, '/_img/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    const first = variants[0];
    expect((await visit(app, BIO_HOST, `${first?.path ?? ''}.svg`)).status).toBe(404);
  });
});
