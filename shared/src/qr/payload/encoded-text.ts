import type { AddressOf } from '../../url/public-address';
import { qrEncodedText } from '../short-url';
import { isStaticPayload, type QrPayload } from './schema';
import { staticPayloadText } from './static-text';

/**
 * What a QR code's symbol encodes, for every payload type (D-477, D-570): a dynamic code its short
 * URL, a static code its own data. The editor, the API's `encoded_text`, every export and the
 * scannability check call this one function.
 */
export function qrCodeText(payload: QrPayload, addressOf: AddressOf, hostname: string, slug: string): string {
  return isStaticPayload(payload) ? staticPayloadText(payload) : qrEncodedText(addressOf, hostname, slug);
}
