import type { AddressOf } from '../url/public-address';
import { shortQrText } from './encode';

/**
 * The address a QR code opens: its host and slug as a person opens them (`https://{host}/{slug}` on a
 * production host; on the dev stack's `*.localhost` hosts the local edge's scheme and port, D-475).
 */
export function qrShortUrl(addressOf: AddressOf, hostname: string, slug: string): string {
  return addressOf(hostname, encodeURIComponent(slug));
}

/**
 * What the symbol encodes, byte for byte: the short URL in its shortest safe form (`shortQrText`).
 * The editor shows this text, and every export and the scannability check encode it, so a proof
 * and a print of one code are the same symbol.
 */
export function qrEncodedText(addressOf: AddressOf, hostname: string, slug: string): string {
  return shortQrText(qrShortUrl(addressOf, hostname, slug));
}
