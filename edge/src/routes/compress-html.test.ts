import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import { BIO_HOST, createHarness, ready, type Harness } from '../testing/harness';
import { startListener, type ListenerServer } from '../testing/listener-server';
import { compressHtml, encodeBody, negotiateEncoding } from './compress-html';
import { FONT_PATH, fontFileName, WEB_FONTS } from '@linkhub/shared/blocks/web-fonts';

describe('negotiateEncoding', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
    ['GZIP', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('never throws and answers one of br, gzip or none, whatever the header', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (header) => {
        expect([null, 'br', 'gzip']).toContain(negotiateEncoding(header));
      }),
    );
  });

  it('round-trips any body through both encodings', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), (body) => {
        expect(new Uint8Array(brotliDecompressSync(encodeBody(body, 'br')))).toEqual(body);
        expect(new Uint8Array(gunzipSync(encodeBody(body, 'gzip')))).toEqual(body);
      }),
      { numRuns: 50 },
    );
  });

  it('leaves anything but HTML alone', async () => {
    const json = new Response('{"a":1}'.repeat(200), { headers: { 'Content-Type': 'application/json' } });
    const out = await compressHtml({ method: 'GET', acceptEncoding: 'br' }, json);
    expect(out.headers.get('Content-Encoding')).toBeNull();
    expect(out.headers.get('Vary')).toBeNull();
  });
});

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

let h: Harness;
let listener: ListenerServer;

beforeAll(async () => {
  h = await createHarness();
  const ws = await h.seed.workspace({ name: 'Maya Prints' });
  const { id: _id, workspace_id: _ws, ...snapshot } = samplePageSnapshot({ links: 20 });
  await h.seed.page(ws, h.domains.bioDomainId, 'maya', snapshot);
  const edge = h.app();
  await ready(edge.edgeRedis);
  listener = await startListener(edge);
});
afterAll(async () => {
  await listener.close();
  await h.close();
});

function fetchRaw(path: string, headers: Record<string, string>, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: listener.port, method, path, headers: { host: BIO_HOST, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The page without its per-response nonce, so two answers compare. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

describe('the edge sends bio pages compressed when asked', () => {
  it('brotli and gzip round-trip to the identity page, with Vary and the encoded Content-Length', async () => {
    const plain = await fetchRaw('/maya', {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(Number(plain.headers['content-length'])).toBe(plain.body.byteLength);
    const html = plain.body.toString('utf8');
    expect(html).toContain('<meta name="twitter:card"');

    for (const [asked, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      const res = await fetchRaw('/maya', { 'accept-encoding': asked });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(res.body.byteLength);
      expect(res.body.byteLength).toBeLessThan(plain.body.byteLength / 2);
      expect(withoutNonce(decode(res.body).toString('utf8'))).toBe(withoutNonce(html));
    }
  });

  it('a HEAD answers the headers of the GET it stands for, without a body', async () => {
    const get = await fetchRaw('/maya', { 'accept-encoding': 'gzip' });
    const head = await fetchRaw('/maya', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Math.abs(Number(head.headers['content-length']) - get.body.byteLength)).toBeLessThan(8);
  });

  it('the branded 404 of a bio host is compressed too; fonts are not', async () => {
    const missing = await fetchRaw('/nobody-here', { 'accept-encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(missing.body).toString('utf8')).toContain('<h1>Page not found</h1>');
    const font = await fetchRaw(`${FONT_PATH}${fontFileName(WEB_FONTS['dm-sans'], 'latin', 400)}`, {
      'accept-encoding': 'br',
    });
    expect(font.status).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
  });
});
