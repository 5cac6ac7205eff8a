import { designToApi } from '@linkhub/shared/schemas/qr-design';
import type { QrCode } from '@linkhub/shared/schemas/qr-codes';
import type { AddressOf } from '@linkhub/shared/url/public-address';
import { qrShortUrl } from '@linkhub/shared/qr/short-url';
import { qrCodeText } from '@linkhub/shared/qr/payload/encoded-text';
import { storedPayload } from '@linkhub/shared/qr/payload/schema';

export type QrRecord = {
  id: string;
  workspace_id: string;
  domain_id: string;
  hostname: string;
  slug: string;
  destination_url: string | null;
  title: string | null;
  api_status: QrCode['status'];
  design: unknown;
  design_revision: number;
  payload: unknown;
  created_at: Date;
  updated_at: Date;
  cursor_at: string;
};

/** A QR code row as the API returns it (shared `qrCodeSchema`); the design with its defaults filled in, snake_case. */
export function serializeQrCode(row: QrRecord, addressOf: AddressOf): QrCode {
  const payload = storedPayload(row.payload);
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    domain_id: row.domain_id,
    slug: row.slug,
    short_url: qrShortUrl(addressOf, row.hostname, row.slug),
    encoded_text: qrCodeText(payload, addressOf, row.hostname, row.slug),
    payload,
    destination_url: row.destination_url,
    title: row.title,
    status: row.api_status,
    design: designToApi(row.design),
    design_revision: row.design_revision,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
