import type { QrView } from '@linkhub/shared/sync/views';
import { readableSlug } from '@linkhub/shared/url/readable-slug';
import type { QR_EXPORT_FORMATS } from '@linkhub/shared/schemas/qr-codes';
import { apiErrorOf } from '../../api/api';
import { platform } from '../../platform/bridge';
import { errorText } from '../../ui/error-messages';
import type { Outcome } from '../../ui/outcome';
import { shortUrl } from '../links/link-filter';
import { loadLabelOutlines } from '@linkhub/shared/qr/label/outlines';
import { designOf, qrSvg } from './qr-svg';

export type ExportFormat = (typeof QR_EXPORT_FORMATS)[number];
const MIME: Record<ExportFormat, string> = {
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  png: 'image/png',
  eps: 'application/postscript',
};

function fileName(qr: QrView, format: ExportFormat): string {
  return `${readableSlug(qr.title ?? qr.slug, 60) || 'qr'}-qr.${format}`;
}

/**
 * Saves a print file through the platform bridge (native dialog on desktop, a download in the
 * browser). SVG is drawn here by the shared renderer (works offline); PDF, PNG and EPS come from
 * the server's `GET /v1/qr-codes/{id}/render` with the session.
 */
export async function exportQr(
  qr: QrView,
  format: ExportFormat,
  sizeMm: number,
  dpi: number,
): Promise<Outcome> {
  let bytes: Uint8Array;
  if (!shortUrl(qr))
    return { failed: true, text: 'The short URL is assigned at the first sync; export once it shows above.' };
  if (format === 'svg') {
    bytes = new TextEncoder().encode(
      qrSvg(shortUrl(qr), designOf(qr.design), await loadLabelOutlines(), sizeMm),
    );
  } else {
    const token = await platform().secureToken.get();
    // The server refuses dpi on anything but PNG (400 not_applicable).
    const query = `format=${format}&size_mm=${sizeMm}${format === 'png' ? `&dpi=${dpi}` : ''}`;
    const response = await fetch(`/v1/qr-codes/${qr.id}/render?${query}`, {
      credentials: 'same-origin',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }).catch(() => null);
    if (!response)
      return {
        failed: true,
        text: 'No connection: PDF, PNG and EPS exports need the server. SVG works offline.',
      };
    if (!response.ok) return { failed: true, text: errorText(await apiErrorOf(response)) };
    bytes = new Uint8Array(await response.arrayBuffer());
  }
  const result = await platform().saveFile({
    suggestedName: fileName(qr, format),
    mime: MIME[format],
    bytes,
  });
  return {
    failed: false,
    text: result.saved
      ? `Saved ${fileName(qr, format)}${result.path ? ` to ${result.path}` : ''}.`
      : 'Export cancelled.',
  };
}
