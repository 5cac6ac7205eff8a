import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * HTML answers compressed as the visitor's browser asks (D-603): brotli, else gzip, else as it is.
 * The one place the edge encodes a body, so caching the encoded variants in process later changes
 * this module alone. Only HTML is encoded: photos and fonts are compressed formats already.
 */
export const HTML_ENCODINGS = ['br', 'gzip'] as const;
export type HtmlEncoding = (typeof HTML_ENCODINGS)[number];

/** Below this a compressed body saves less than its headers cost. */
export const MIN_COMPRESS_BYTES = 512;

/** Brotli at 5: within a few per cent of 11 on a page of 10 KB, at a small fraction of the CPU. */
const BROTLI_QUALITY = 5;

/**
 * The encoding to send for an `Accept-Encoding` header (RFC 9110 section 12.5.3): the first of
 * `br`, `gzip` the header accepts with a q-value above 0 (`*` accepts both), null for none.
 */
export function negotiateEncoding(header: string | null | undefined): HtmlEncoding | null {
  if (header === null || header === undefined || header.trim() === '') return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = (rawName ?? '').trim().toLowerCase();
    if (name === '') continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    accepted.set(name, Number.isFinite(quality) ? quality : 0);
  }
  const qualityOf = (name: string): number => accepted.get(name) ?? accepted.get('*') ?? 0;
  const best = HTML_ENCODINGS.filter((e) => qualityOf(e) > 0).sort((a, b) => qualityOf(b) - qualityOf(a))[0];
  return best ?? null;
}

/** The body in an encoding. */
export function encodeBody(body: Uint8Array, encoding: HtmlEncoding): Uint8Array {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipSync(body, { level: 6 });
}

function isHtml(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').toLowerCase().startsWith('text/html');
}

function withVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === null) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/**
 * An HTML response as the request asks for it: encoded with `Content-Encoding`, the encoded
 * `Content-Length`, and `Vary: Accept-Encoding` on every HTML answer (encoded or not, a shared
 * cache must key it by the header). A HEAD answers the headers the GET would have.
 */
export async function compressHtml(
  request: { method: string; acceptEncoding: string | null | undefined },
  response: Response,
): Promise<Response> {
  if (!isHtml(response) || response.headers.has('Content-Encoding')) return response;
  const headers = new Headers(response.headers);
  withVary(headers);
  const asked = negotiateEncoding(request.acceptEncoding);
  const { status, statusText } = response;
  const plain = new Uint8Array(await response.arrayBuffer());
  const encoding = plain.byteLength < MIN_COMPRESS_BYTES ? null : asked;
  const body = encoding === null ? plain : new Uint8Array(encodeBody(plain, encoding));
  if (encoding !== null) headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(body.byteLength));
  return new Response(request.method === 'HEAD' || status === 204 || status === 304 ? null : body, {
    status,
    statusText,
    headers,
  });
}
