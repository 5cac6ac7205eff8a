import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQr, type RgbaImage } from '@linkhub/shared/server/qr/decode';
import { overWhite, rasteriseOutput } from '@linkhub/shared/server/qr/render/testing';
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

/** Every payload type, with the characters each format must escape. */
const BODIES: Record<string, Record<string, unknown>> = {
  url: { payload: { type: 'url' }, destination_url: 'https://example.com/menu' },
  vcard: {
    payload: { type: 'vcard', first_name: 'Zoë', last_name: 'Smith, Jr.; CEO', mobile: '+33 6 12 34 56 78' },
  },
  event: {
    payload: {
      type: 'event',
      title: 'Launch; party',
      starts_at: '2026-12-24T18:30',
      ends_at: '2026-12-24T21:00',
    },
  },
  wifi: { payload: { type: 'wifi', ssid: 'Café;Guest:"5G"', security: 'WPA', password: 'p,a\\ss;w:rd' } },
  sms: { payload: { type: 'sms', phone: '+1 (555) 010-0199', message: 'TABLE 4, please' } },
  email: {
    payload: { type: 'email', to: 'orders@example.com', subject: 'Order #4', body: 'Hi,\nTwo coffees' },
  },
  phone: { payload: { type: 'phone', phone: '+44 20 7946 0958' } },
  geo: { payload: { type: 'geo', latitude: 48.858372, longitude: 2.294481 } },
};

async function decodedBoth(id: string, format: QrFormat): Promise<{ zxing: string[]; jsqr: string | null }> {
  const res = await kit.api('GET', `/v1/qr-codes/${id}/render?format=${format}&size_mm=40`, { key });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const image: RgbaImage = overWhite(
    await rasteriseOutput({ extension: format, bytes, mime: '', widthMm: 40, heightMm: 40 }, 300),
  );
  const zxing = await decodeQr(image, { binarizer: 'LocalAverage', tryInvert: false });
  const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
  return { zxing, jsqr: found === null ? null : found.data };
}

async function create(body: Record<string, unknown>): Promise<Response> {
  return kit.api('POST', '/v1/qr-codes', { key, body });
}

describe('QR payload types', () => {
  it('every type in every export format decodes, with two decoders, to the API encoded_text', async () => {
    const expected: Record<string, string> = {};
    for (const [type, body] of Object.entries(BODIES)) {
      const res = await create({ ...body, slug: `pay-${type}` });
      expect(res.status).toBe(201);
      const qr = (await res.json()) as Envelope<QrCode>;
      const read = (await (
        await kit.api('GET', `/v1/qr-codes/${qr.data.id}`, { key })
      ).json()) as Envelope<QrCode>;
      expect(read.data.payload.type).toBe(type);
      expect(read.data.encoded_text).toBe(qr.data.encoded_text);
      expected[type] = qr.data.encoded_text;
      for (const format of FORMATS) {
        const decoded = await decodedBoth(qr.data.id, format);
        expect({ type, format, ...decoded }).toEqual({
          type,
          format,
          zxing: [qr.data.encoded_text],
          jsqr: qr.data.encoded_text,
        });
      }
    }
    // Dynamic codes print their short URL; static ones their own data, escaped for their format.
    expect(expected).toEqual({
      url: 'http://LNK.LOCALHOST:8787/PAY-URL',
      vcard: 'http://LNK.LOCALHOST:8787/PAY-VCARD',
      event: 'http://LNK.LOCALHOST:8787/PAY-EVENT',
      wifi: 'WIFI:T:WPA;S:Café\\;Guest\\:\\"5G\\";P:p\\,a\\\\ss\\;w\\:rd;;',
      sms: 'SMSTO:+15550100199:TABLE 4, please',
      email: 'mailto:orders@example.com?subject=Order%20%234&body=Hi%2C%0D%0ATwo%20coffees',
      phone: 'tel:+442079460958',
      geo: 'geo:48.858372,2.294481',
    });
  });

  it('bad payloads are refused in the envelope, naming the field, and nothing is created', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ payload: { type: 'wifi', ssid: 'é'.repeat(17), security: 'nopass' } }, 'payload.ssid'],
      [{ payload: { type: 'phone', phone: 'call me maybe' } }, 'payload.phone'],
      [{ payload: { type: 'geo', latitude: 90.5, longitude: 0 } }, 'payload.latitude'],
      [
        { payload: { type: 'sms', phone: '+1555' }, destination_url: 'https://example.com' },
        'destination_url',
      ],
      [{ payload: { type: 'url' } }, 'destination_url'],
      [{ payload: { type: 'fax', number: '1' } }, 'payload.type'],
    ];
    const before = await kit.api('GET', '/v1/qr-codes?limit=100', { key });
    const count = ((await before.json()) as Envelope<QrCode[]>).data.length;
    for (const [body, field] of cases) {
      const res = await create(body);
      const envelope = (await res.json()) as { error: { code: string; details: { field: string }[] } };
      expect({ field, status: res.status, code: envelope.error.code }).toEqual({
        field,
        status: 400,
        code: 'validation_failed',
      });
      expect(envelope.error.details.map((d) => d.field)).toContain(field);
    }
    const after = await kit.api('GET', '/v1/qr-codes?limit=100', { key });
    expect(((await after.json()) as Envelope<QrCode[]>).data.length).toBe(count);
  });

  it('a static code stays static and a dynamic one dynamic; within its kind it can change', async () => {
    const wifi = (await (await create({ ...BODIES.wifi, slug: 'kind-wifi' })).json()) as Envelope<QrCode>;
    const toUrl = await kit.api('PATCH', `/v1/qr-codes/${wifi.data.id}`, {
      key,
      body: { payload: { type: 'url' }, destination_url: 'https://example.com' },
    });
    expect(toUrl.status).toBe(422);
    expect(((await toUrl.json()) as { error: { code: string } }).error.code).toBe('qr_payload_kind_fixed');
    const newPassword = await kit.api('PATCH', `/v1/qr-codes/${wifi.data.id}`, {
      key,
      body: { payload: { type: 'wifi', ssid: 'Cafe', security: 'WPA', password: 'new-password' } },
    });
    expect(newPassword.status).toBe(200);
    expect(((await newPassword.json()) as Envelope<QrCode>).data.encoded_text).toBe(
      'WIFI:T:WPA;S:Cafe;P:new-password;;',
    );

    const url = (await (await create({ ...BODIES.url, slug: 'kind-url' })).json()) as Envelope<QrCode>;
    const toWifi = await kit.api('PATCH', `/v1/qr-codes/${url.data.id}`, { key, body: BODIES.wifi });
    expect(toWifi.status).toBe(422);
    const toVcard = await kit.api('PATCH', `/v1/qr-codes/${url.data.id}`, { key, body: BODIES.vcard });
    expect(toVcard.status).toBe(200);
    const vcard = ((await toVcard.json()) as Envelope<QrCode>).data;
    expect({
      type: vcard.payload.type,
      destination: vcard.destination_url,
      text: vcard.encoded_text,
    }).toEqual({
      type: 'vcard',
      destination: null,
      text: url.data.encoded_text,
    });
    const backWithout = await kit.api('PATCH', `/v1/qr-codes/${url.data.id}`, {
      key,
      body: { payload: { type: 'url' } },
    });
    expect(backWithout.status).toBe(400);
  });
});
