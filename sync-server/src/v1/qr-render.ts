import { qrDesignSchema } from '@linkhub/shared/qr/design';
import { renderQr, type QrRenderOutput } from '@linkhub/shared/qr/render/index';
import type { RenderQrQuery } from '@linkhub/shared/schemas/qr-codes';
import { assertScannable } from '@linkhub/shared/qr/validate';
import { shortUrlOf } from './serializers/short-url';
import type { QrRecord } from './serializers/qr-codes';

/**
 * `GET /v1/qr-codes/{id}/render`: the print file of the code's current design, drawn by the QR
 * engine's renderers, after the same scannability check the worker runs (422 qr_unscannable).
 * Uploaded logos are not loaded here (the worker's artifact path does that): such a design renders
 * without its logo.
 */
export async function renderQrFile(row: QrRecord, query: RenderQrQuery): Promise<QrRenderOutput> {
  const parsed = qrDesignSchema.safeParse(row.design);
  const design = parsed.success ? { ...parsed.data, logo: null } : qrDesignSchema.parse({});
  const url = shortUrlOf(row.hostname, row.slug);
  await assertScannable(url, design, { sizeMm: query.size_mm });
  return renderQr(query.format, {
    url,
    design,
    sizeMm: query.size_mm,
    ...(query.dpi === 300 || query.dpi === 600 ? { dpi: query.dpi } : {}),
    ...(query.format === 'pdf' ? { bleedMm: query.bleed_mm } : {}),
  });
}
