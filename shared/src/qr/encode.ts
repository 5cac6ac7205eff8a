import QRCode from 'qrcode';
import { applyBestMask } from './mask';

/** Error-correction levels we encode at. L is never used: print codes get M or better. */
export const QR_EC_LEVELS = ['M', 'Q', 'H'] as const;
export type QrEcLevel = (typeof QR_EC_LEVELS)[number];

/** The module grid of one symbol, without quiet zone. `dark[y * size + x] === 1` is a dark module. */
export type QrMatrix = {
  readonly text: string;
  readonly version: number;
  readonly ecLevel: QrEcLevel;
  /** Modules per side (21 for version 1, +4 per version). */
  readonly size: number;
  readonly dark: Uint8Array;
};

/**
 * The shortest safe text for a LinkHub short URL (docs/product-rules.md#qr-codes): the scheme stays lower-case
 * (`https://`, some phone cameras mishandle `HTTPS://`), host and path are upper-cased so `qrcode`'s
 * segmenter puts them in alphanumeric mode (5.5 bits a character instead of 8), the query string and
 * fragment are kept exactly as given. Only for our own short URLs: the edge matches hosts and slugs
 * case-insensitively, which an arbitrary third-party path does not promise.
 */
export function shortQrText(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new TypeError(`QR short URLs are http(s), got ${parsed.protocol}`);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new TypeError('QR short URLs carry no credentials');
  }
  const host = parsed.host.toUpperCase();
  const path =
    parsed.pathname === '/' && !url.replace(/[?#].*$/, '').endsWith('/') ? '' : parsed.pathname.toUpperCase();
  return `${parsed.protocol}//${host}${path}${parsed.search}${parsed.hash}`;
}

/** The level a design gets unless it asks for more: M, or H when a logo covers the centre. */
export function defaultEcLevel(hasLogo: boolean): QrEcLevel {
  return hasLogo ? 'H' : 'M';
}

/** Encodes `text` as given (call `shortQrText` first for short URLs) with qrcode's segment optimiser. */
export function encodeQr(text: string, ecLevel: QrEcLevel = 'M'): QrMatrix {
  // qrcode segments, encodes and places the data (mask 0); the mask choice runs on flat arrays.
  const code = QRCode.create(text, { errorCorrectionLevel: ecLevel, maskPattern: 0 });
  const size = code.modules.size;
  const { dark } = applyBestMask(code.modules.data, code.modules.reservedBit, size, ecLevel);
  return { text, version: code.version, ecLevel, size, dark };
}

export function isDark(matrix: QrMatrix, x: number, y: number): boolean {
  return matrix.dark[y * matrix.size + x] === 1;
}
