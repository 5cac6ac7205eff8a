import { mkdtemp, rm } from 'node:fs/promises';
import { qrEncodedText } from '@linkhub/shared/qr/short-url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import { decodeQr } from '@linkhub/shared/server/qr/decode';
import type { QrCode } from '@linkhub/shared/schemas/qr-codes';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

type Asset = {
  id: string;
  kind: string;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  sha256: string;
  logo_source: { kind: 'asset'; asset_id: string };
};

let kit: V1Kit;
let key: string;
let otherKey: string;
let dir: string;
let store: ArtifactStore;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
const red = '#e4002b';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'linkhub-v1-assets-'));
  store = createLocalArtifactStore(dir);
  kit = await startV1Kit({ artifacts: store });
  key = await kit.key(ALL_SCOPES);
  otherKey = await kit.key(ALL_SCOPES, 'other');
});
afterAll(async () => {
  await kit.stop();
  await rm(dir, { recursive: true, force: true });
});

const upload = (
  body: Uint8Array | FormData,
  contentType: string | null,
  apiKey = key,
  headers: Record<string, string> = {},
) =>
  kit.app.request('/v1/assets', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${apiKey}`,
      ...(contentType === null ? {} : { 'Content-Type': contentType }),
      ...headers,
    },
    body,
  });
const redPng = async (side = 256) =>
  new Uint8Array(
    await sharp({ create: { width: side, height: side, channels: 4, background: red } })
      .png()
      .toBuffer(),
  );
const svgLogo = new TextEncoder().encode(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><circle cx="5" cy="5" r="5" fill="${red}"/></svg>`,
);

async function uploaded(body: Uint8Array, type: string): Promise<Asset> {
  const res = await upload(body, type);
  expect(res.status).toBe(201);
  return (await json<Envelope<Asset>>(res)).data;
}

async function centre(png: Buffer): Promise<{ rgb: number[]; text: string[] }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = ((info.height >> 1) * info.width + (info.width >> 1)) * 4;
  const image = {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
  return {
    rgb: [data[at] ?? -1, data[at + 1] ?? -1, data[at + 2] ?? -1],
    text: await decodeQr(image, { binarizer: 'LocalAverage', tryInvert: false }),
  };
}

describe('POST /v1/assets (QR logos)', () => {
  it('stores a PNG in the artifact store with its uploaded_assets row', async () => {
    const asset = await uploaded(await redPng(), 'image/png');
    expect(asset).toMatchObject({
      kind: 'qr_logo',
      content_type: 'image/png',
      width: 256,
      height: 256,
      logo_source: { kind: 'asset', asset_id: asset.id },
    });
    const { rows } = await kit.deps.pool.query<{ storage_key: string; byte_size: number }>(
      'SELECT storage_key, byte_size FROM uploaded_assets WHERE id = $1',
      [asset.id],
    );
    const stored = await store.get(rows[0]?.storage_key ?? '');
    expect(stored?.byteLength).toBe(asset.byte_size);
  });

  it('takes a multipart form too, and stores an SVG only as its rasterised PNG', async () => {
    const form = new FormData();
    form.set('file', new Blob([svgLogo], { type: 'image/svg+xml' }), 'logo.svg');
    const res = await upload(form, null);
    expect(res.status).toBe(201);
    const asset = (await json<Envelope<Asset>>(res)).data;
    expect(asset.content_type).toBe('image/png');
    const { rows } = await kit.deps.pool.query<{ storage_key: string }>(
      'SELECT storage_key FROM uploaded_assets WHERE id = $1',
      [asset.id],
    );
    expect(rows[0]?.storage_key).toMatch(/\.png$/);
    const stored = Buffer.from((await store.get(rows[0]?.storage_key ?? '')) ?? new Uint8Array());
    expect(stored.subarray(1, 4).toString()).toBe('PNG');
    expect(stored.includes('<script')).toBe(false);
  });

  it('keeps a binary body intact through Idempotency-Key, and replays the same upload', async () => {
    const png = await redPng(64);
    const first = await upload(png, 'image/png', key, { 'Idempotency-Key': 'logo-upload-1' });
    expect(first.status).toBe(201);
    const again = await upload(png, 'image/png', key, { 'Idempotency-Key': 'logo-upload-1' });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await json<Envelope<Asset>>(again)).data.id).toBe((await json<Envelope<Asset>>(first)).data.id);
    const different = await upload(await redPng(65), 'image/png', key, {
      'Idempotency-Key': 'logo-upload-1',
    });
    expect(different.status).toBe(422);
  });

  it('answers bad uploads with the error envelope and stores nothing', async () => {
    const before = await kit.count('uploaded_assets');
    const cases: [Uint8Array, string | null, number, string][] = [
      [new TextEncoder().encode('GIF89a....'), 'image/gif', 415, 'unsupported_media_type'],
      [svgLogo, 'image/png', 415, 'unsupported_media_type'],
      [(await redPng()).subarray(0, 60), 'image/png', 400, 'validation_failed'],
      [new Uint8Array(), 'image/png', 400, 'validation_failed'],
      [new Uint8Array(300 * 1024).fill(1), 'image/png', 413, 'request_too_large'],
      [await redPng(), null, 415, 'unsupported_media_type'],
    ];
    for (const [body, type, status, code] of cases) {
      const res = await upload(body, type);
      expect(res.status, `${type ?? 'no type'} ${body.byteLength} bytes`).toBe(status);
      const error = (await json<ErrorBody>(res)).error;
      expect(error.code).toBe(code);
      expect(Array.isArray(error.details)).toBe(true);
    }
    const form = new FormData();
    form.set('other', 'x');
    expect((await upload(form, null)).status).toBe(400);
    expect(await kit.count('uploaded_assets')).toBe(before);
    // Viewers and keys without pages:write cannot upload.
    const readOnly = await kit.key(['qr:read']);
    expect((await upload(await redPng(), 'image/png', readOnly)).status).toBe(403);
  });
});

describe('QR designs with an uploaded logo', () => {
  it('are validated and rendered with the real image', async () => {
    const asset = await uploaded(svgLogo, 'image/svg+xml');
    const res = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: {
        destination_url: 'https://example.com/logo',
        slug: 'with-logo',
        design: { error_correction: 'H', logo: { source: asset.logo_source, size_ratio: 0.2 } },
      },
    });
    expect(res.status).toBe(201);
    const qr = (await json<Envelope<QrCode>>(res)).data;
    const png = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=png&dpi=300`, { key });
    expect(png.status).toBe(200);
    const seen = await centre(Buffer.from(await png.arrayBuffer()));
    expect(seen.rgb).toEqual([0xe4, 0x00, 0x2b]); // the uploaded logo, in the middle
    expect(seen.text).toEqual([qrEncodedText(kit.deps.addressOf, kit.deps.config.LINK_HOST, 'with-logo')]);
  });

  it('refuse a logo too large for the code before save, with the fix', async () => {
    const asset = await uploaded(await redPng(), 'image/png');
    const res = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: {
        destination_url: 'https://example.com/big',
        slug: 'big-logo',
        design: { logo: { source: asset.logo_source, size_ratio: 0.5, knockout: false } },
      },
    });
    expect(res.status).toBe(422);
    const error = (await json<ErrorBody>(res)).error;
    expect(error.code).toBe('qr_unscannable');
    expect(error.details.some((d) => d.field.startsWith('logo'))).toBe(true);
    expect(await kit.count("qr_codes WHERE slug = 'big-logo'")).toBe(0);
  });

  it("refuse another workspace's asset like a missing one (422, remove the logo), on create and on restyle", async () => {
    const theirs = (await json<Envelope<Asset>>(await upload(await redPng(), 'image/png', otherKey))).data;
    const created = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: {
        destination_url: 'https://example.com/x',
        slug: 'stolen-logo',
        design: { logo: { source: theirs.logo_source } },
      },
    });
    expect(created.status).toBe(422);
    expect((await json<ErrorBody>(created)).error.details).toEqual([
      expect.objectContaining({ field: 'logo', issue: 'asset_not_found', suggested: null }),
    ]);
    const plain = (
      await json<Envelope<QrCode>>(
        await kit.api('POST', '/v1/qr-codes', {
          key,
          body: { destination_url: 'https://example.com/x', slug: 'plain-logo' },
        }),
      )
    ).data;
    const restyled = await kit.api('PATCH', `/v1/qr-codes/${plain.id}`, {
      key,
      body: { design: { logo: { source: { kind: 'asset', asset_id: 'not-a-uuid' } } } },
    });
    expect(restyled.status).toBe(422);
    expect((await json<ErrorBody>(restyled)).error.code).toBe('qr_unscannable');
  });
});

describe('reading and deleting uploaded logos', () => {
  it('lists them newest first across pages, reads one and its stored image, and hides them from other workspaces', async () => {
    const first = await uploaded(await redPng(64), 'image/png');
    const second = await uploaded(await redPng(96), 'image/png');
    const page1 = await kit.api('GET', '/v1/assets?limit=1', { key });
    expect(page1.status).toBe(200);
    const body1 = await json<{ data: Asset[]; meta: { next_cursor: string | null } }>(page1);
    expect(body1.data.map((a) => a.id)).toEqual([second.id]);
    const page2 = await json<{ data: Asset[] }>(
      await kit.api('GET', `/v1/assets?limit=1&cursor=${body1.meta.next_cursor ?? ''}`, { key }),
    );
    expect(page2.data.map((a) => a.id)).toEqual([first.id]);

    const one = await kit.api('GET', `/v1/assets/${first.id}`, { key });
    expect((await json<Envelope<Asset>>(one)).data).toMatchObject({
      id: first.id,
      width: 64,
      sha256: first.sha256,
    });
    const content = await kit.api('GET', `/v1/assets/${first.id}/content`, { key });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await content.arrayBuffer());
    expect(bytes.byteLength).toBe(first.byte_size);
    expect((await sharp(bytes).metadata()).width).toBe(64);

    for (const path of [`/v1/assets/${first.id}`, `/v1/assets/${first.id}/content`]) {
      const theirs = await kit.api('GET', path, { key: otherKey });
      expect(theirs.status).toBe(404);
      expect((await json<ErrorBody>(theirs)).error.code).toBe('not_found');
    }
    const theirList = await json<{ data: Asset[] }>(await kit.api('GET', '/v1/assets', { key: otherKey }));
    expect(theirList.data.map((a) => a.id)).not.toContain(first.id);
    const bad = await kit.api('GET', '/v1/assets?limit=0', { key });
    expect(bad.status).toBe(400);
  });

  it('refuses to delete a logo a QR design uses (409 naming the code), deletes it once unused, and then it is gone', async () => {
    const asset = await uploaded(await redPng(), 'image/png');
    const created = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: {
        destination_url: 'https://example.com/menu',
        slug: 'uses-logo',
        title: 'Menu card',
        design: { error_correction: 'H', logo: { source: asset.logo_source, size_ratio: 0.2 } },
      },
    });
    expect(created.status).toBe(201);
    const qr = (await json<Envelope<QrCode>>(created)).data;
    const { rows } = await kit.deps.pool.query<{ storage_key: string }>(
      'SELECT storage_key FROM uploaded_assets WHERE id = $1',
      [asset.id],
    );
    const storageKey = rows[0]?.storage_key ?? '';

    const refused = await kit.api('DELETE', `/v1/assets/${asset.id}`, { key });
    expect(refused.status).toBe(409);
    const error = (await json<ErrorBody>(refused)).error;
    expect(error.code).toBe('asset_in_use');
    expect(error.details).toEqual([
      expect.objectContaining({ field: 'qr_code', id: qr.id, title: 'Menu card' }),
    ]);
    expect(await kit.count(`uploaded_assets WHERE deleted_at IS NULL AND id = '${asset.id}'`)).toBe(1);
    expect(await store.has(storageKey)).toBe(true);

    const theirs = await kit.api('DELETE', `/v1/assets/${asset.id}`, { key: otherKey });
    expect(theirs.status).toBe(404);

    const plain = await kit.api('PATCH', `/v1/qr-codes/${qr.id}`, { key, body: { design: { logo: null } } });
    expect(plain.status).toBe(200);
    const deleted = await kit.api('DELETE', `/v1/assets/${asset.id}`, { key });
    expect(deleted.status).toBe(200);
    expect((await json<Envelope<Asset>>(deleted)).data.id).toBe(asset.id);
    expect(await store.has(storageKey)).toBe(false);
    expect((await kit.api('GET', `/v1/assets/${asset.id}`, { key })).status).toBe(404);
    expect((await kit.api('DELETE', `/v1/assets/${asset.id}`, { key })).status).toBe(404);
    // a design can no longer take it
    const again = await kit.api('PATCH', `/v1/qr-codes/${qr.id}`, {
      key,
      body: { design: { logo: { source: asset.logo_source, size_ratio: 0.2 } } },
    });
    expect(again.status).toBe(422);
  });
});
