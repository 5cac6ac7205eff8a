import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQr } from '@linkhub/shared/server/qr/decode';
import { rasteriseOutput } from '@linkhub/shared/server/qr/render/testing';
import type { QrFormat } from '@linkhub/shared/server/qr/render/index';
import type { QrCode } from '@linkhub/shared/schemas/qr-codes';
import { startV1Kit, ALL_SCOPES, type Envelope, type V1Kit } from '../../testing/v1-kit';

let kit: V1Kit;
let key: string;

beforeAll(async () => {
  kit = await startV1Kit({}, { PUBLIC_EDGE_URL: 'http://localhost:8787' });
  key = await kit.key(ALL_SCOPES);
});
afterAll(() => kit.stop());

const FORMATS: readonly QrFormat[] = ['svg', 'png', 'pdf', 'eps'];

async function decodedFile(id: string, format: QrFormat): Promise<string[]> {
  const res = await kit.api('GET', `/v1/qr-codes/${id}/render?format=${format}&size_mm=30`, { key });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const image = await rasteriseOutput({ extension: format, bytes, mime: '', widthMm: 30, heightMm: 30 }, 300);
  const [local, global] = await Promise.all([
    decodeQr(image, { binarizer: 'LocalAverage', tryInvert: false }),
    decodeQr(image, { binarizer: 'GlobalHistogram', tryInvert: false }),
  ]);
  expect(global).toEqual(local);
  return local;
}

describe('one QR code, one symbol', () => {
  it('every export format decodes to the encoded_text the API (and the editor) shows', async () => {
    const created = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: {
        destination_url: 'https://example.com/menu',
        slug: 'menu-proof',
        design: { frame: { label: 'SCAN ME' } },
      },
    });
    expect(created.status).toBe(201);
    const qr = (await created.json()) as Envelope<QrCode>;
    // On the dev stack the code opens on the local edge: what is printed must lead there too.
    expect(qr.data.encoded_text).toBe('http://LNK.LOCALHOST:8787/MENU-PROOF');
    expect(qr.data.short_url).toBe('http://lnk.localhost:8787/menu-proof');
    const read = (await (
      await kit.api('GET', `/v1/qr-codes/${qr.data.id}`, { key })
    ).json()) as Envelope<QrCode>;
    expect(read.data.encoded_text).toBe(qr.data.encoded_text);
    for (const format of FORMATS) {
      expect({ format, decoded: await decodedFile(qr.data.id, format) }).toEqual({
        format,
        decoded: [qr.data.encoded_text],
      });
    }
  });
});
